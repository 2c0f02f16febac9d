import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { CreditLeadReturn } from './credit-lead-return.command.js';

/** Gives an approved lead return's price back to the wallet. */
@CommandHandler(CreditLeadReturn)
export class CreditLeadReturnHandler implements ICommandHandler<CreditLeadReturn, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: CreditLeadReturn): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'CreditLeadReturn', userId: i.userId, returnId: i.returnId, leadId: i.leadId, amountCents: i.amountCents },
      context,
      idempotencyKey,
    );
  }
}
