import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { RefundPayment } from './refund-payment.command.js';

/** Takes a refunded top-up out of the wallet (into debt only when the admin confirmed). */
@CommandHandler(RefundPayment)
export class RefundPaymentHandler implements ICommandHandler<RefundPayment, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: RefundPayment): Promise<WalletAnswer> {
    return this.ledger.decide(
      {
        type: 'RefundPayment',
        userId: i.userId,
        paymentId: i.paymentId,
        refundId: i.refundId,
        amountCents: i.amountCents,
        allowDebt: i.allowDebt,
        holdId: i.holdId,
      },
      context,
      idempotencyKey,
    );
  }
}
