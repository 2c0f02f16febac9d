import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { WalletLedger } from '../../services/wallet-ledger.js';
import { CreditBonuses } from './credit-bonuses.command.js';

/** Pays a batch of weekly bonuses, each into its own agent's wallet, each under its bonusId as the idempotency key. */
@CommandHandler(CreditBonuses)
export class CreditBonusesHandler implements ICommandHandler<CreditBonuses, void> {
  constructor(private readonly ledger: WalletLedger) {}

  async execute({ input, context }: CreditBonuses): Promise<void> {
    if (new Set(input.credits.map((credit) => credit.userId)).size !== input.credits.length) throw new Error('CreditBonuses pays each agent once per batch');
    await this.ledger.decideEach(
      input.credits.map(({ userId, bonusId, week, amountCents }) => ({
        command: { type: 'CreditBonus', userId, bonusId, week, amountCents },
        context,
        idempotencyKey: bonusId,
      })),
    );
  }
}
