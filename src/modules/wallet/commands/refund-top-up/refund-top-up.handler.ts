import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { refundKeyOf, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { walletDecider } from '../../domain/wallet.decider.js';
import { WalletLedger } from '../../services/wallet-ledger.js';

/**
 * An admin refunds a top-up (whole or part) to the card. The wallet's rules are checked first
 * (never more than the payment; not into debt unless the admin confirmed), then the provider
 * refunds with a key from the request, then the refund is recorded: the card's money is gone
 * by then, so the posting is made even if the balance moved meanwhile (the rest becomes debt).
 */
export class RefundTopUp extends Command<WalletAnswer & { refundId: string }> {
  constructor(
    readonly input: { userId: string; paymentId: string; amountCents: number; confirmDebt: boolean },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

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
