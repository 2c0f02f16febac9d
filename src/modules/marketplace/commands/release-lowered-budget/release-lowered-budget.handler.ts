import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { ReleaseHold } from '../../../wallet/contracts/wallet-commands.js';
import { ReleaseLoweredBudget } from './release-lowered-budget.command.js';

@CommandHandler(ReleaseLoweredBudget)
export class ReleaseLoweredBudgetHandler implements ICommandHandler<ReleaseLoweredBudget, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ input: { campaignId, ownerId, amountCents }, context, idempotencyKey }: ReleaseLoweredBudget): Promise<void> {
    const release = (cents?: number) =>
      this.commands.execute(
        new ReleaseHold({ userId: ownerId, holdId: campaignId, amountCents: cents, close: false, reason: 'Campaign budget lowered' }, context, idempotencyKey),
      );
    try {
      await release(amountCents);
    } catch (error) {
      // Leads bought since the budget was checked: release what is left, the rest was spent.
      if (!(error instanceof DomainError) || error.code !== 'HOLD_RELEASE_TOO_LARGE') throw error;
      await release(Number(error.details?.remainingCents ?? 0));
    }
  }
}
