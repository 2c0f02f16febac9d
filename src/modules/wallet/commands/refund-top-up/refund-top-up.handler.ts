import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { refundKeyOf, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { walletDecider } from '../../domain/wallet.decider.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { RefundTopUp } from './refund-top-up.command.js';

@CommandHandler(RefundTopUp)
export class RefundTopUpHandler implements ICommandHandler<RefundTopUp, WalletAnswer & { refundId: string }> {
  constructor(
    private readonly ledger: WalletLedger,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
  ) {}

  async execute({ input, context, idempotencyKey }: RefundTopUp): Promise<WalletAnswer & { refundId: string }> {
    const { userId, paymentId, amountCents, confirmDebt } = input;
    const check = { type: 'RefundPayment', userId, paymentId, refundId: 'check', amountCents, allowDebt: confirmDebt } as const;
    walletDecider.decide(check, await this.ledger.state(userId), context.now);
    const { refundId } = await this.payments.refund({ paymentId, amountCents, idempotencyKey: `refund:${idempotencyKey}` });
    const answer = await this.ledger.decide({ ...check, refundId, allowDebt: true }, context, refundKeyOf(refundId));
    return { ...answer, refundId };
  }
}
