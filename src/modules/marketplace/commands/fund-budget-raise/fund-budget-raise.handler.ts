import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IncreaseHold } from '../../../wallet/contracts/wallet-commands.js';
import { refusalOf } from '../../services/wallet-refusal.js';
import { RecordBudgetRaise } from '../record-budget-raise/record-budget-raise.command.js';
import { FundBudgetRaise } from './fund-budget-raise.command.js';

@CommandHandler(FundBudgetRaise)
export class FundBudgetRaiseHandler implements ICommandHandler<FundBudgetRaise, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ input: { campaignId, ownerId, requestId, amountCents }, context, idempotencyKey }: FundBudgetRaise): Promise<void> {
    const refusal = await refusalOf(() =>
      this.commands.execute(new IncreaseHold({ userId: ownerId, holdId: campaignId, amountCents }, context, idempotencyKey)),
    );
    await this.commands.execute(
      new RecordBudgetRaise({ campaignId, requestId, outcome: refusal ? { raised: false, reason: refusal } : { raised: true } }, context, idempotencyKey),
    );
  }
}
