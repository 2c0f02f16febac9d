import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { CreditBonus } from './credit-bonus.command.js';

/** Pays a weekly bonus into the wallet. */
@CommandHandler(CreditBonus)
export class CreditBonusHandler implements ICommandHandler<CreditBonus, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: CreditBonus): Promise<WalletAnswer> {
    return this.ledger.decide({ type: 'CreditBonus', userId: i.userId, bonusId: i.bonusId, week: i.week, amountCents: i.amountCents }, context, idempotencyKey);
  }
}
