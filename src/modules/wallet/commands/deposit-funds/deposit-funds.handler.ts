import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { DepositFunds } from './deposit-funds.command.js';

/** A succeeded card payment credits the wallet once per paymentId (webhook, sweep and answer may all send it). */
@CommandHandler(DepositFunds)
export class DepositFundsHandler implements ICommandHandler<DepositFunds, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: DepositFunds): Promise<WalletAnswer> {
    return this.ledger.decide(
      { type: 'Deposit', userId: i.userId, paymentId: i.paymentId, amountCents: i.amountCents, provider: i.provider, autoRecharge: i.autoRecharge ?? false },
      context,
      idempotencyKey,
    );
  }
}
