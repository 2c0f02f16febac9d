import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CreditBonus, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/** Pays a weekly bonus into the wallet. */
@CommandHandler(CreditBonus)
export class CreditBonusHandler implements ICommandHandler<CreditBonus, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i }: CreditBonus): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'CreditBonus', userId: i.userId, bonusId: i.bonusId, week: i.week, amountCents: i.amountCents },
      i.context,
      i.idempotencyKey,
    );
  }
}
