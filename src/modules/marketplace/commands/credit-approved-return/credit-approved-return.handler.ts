import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CreditLeadReturn } from '../../../wallet/contracts/wallet-commands.js';
import { CreditApprovedReturn } from './credit-approved-return.command.js';

@CommandHandler(CreditApprovedReturn)
export class CreditApprovedReturnHandler implements ICommandHandler<CreditApprovedReturn, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ input: { leadId, returnId, ownerId, priceCents }, context, idempotencyKey }: CreditApprovedReturn): Promise<void> {
    await this.commands.execute(new CreditLeadReturn({ userId: ownerId, returnId, leadId, amountCents: priceCents }, context, idempotencyKey));
  }
}
