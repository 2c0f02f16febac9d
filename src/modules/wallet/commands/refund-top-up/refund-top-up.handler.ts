import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { CARD_PAYMENTS, type CardPayments } from '../../../payments/contracts/card-payments.port.js';
import { refundKeyOf, type WalletAnswer } from '../../contracts/wallet-commands.js';
import { refundNeedsDebt, walletDecider } from '../../domain/wallet.decider.js';
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
    // Unless the admin agreed to debt, the amount is reserved before the card gets it back, so
    // spends racing the refund cannot take it meanwhile; a refund the balance cannot cover stops here.
    const holdId = confirmDebt ? undefined : deterministicUuid('v4', 'refund-hold', userId, paymentId, idempotencyKey);
    if (holdId) await this.reserve(check, holdId, context);
    let refundId: string;
    try {
      ({ refundId } = await this.payments.refund({ paymentId, amountCents, idempotencyKey: `refund:${idempotencyKey}` }));
    } catch (error) {
      if (holdId) {
        const release = { type: 'ReleaseHold', userId, holdId, amountCents: null, close: true, reason: 'Refund failed' } as const;
        await this.ledger.decide(release, context, `refund-hold-release:${holdId}`);
      }
      throw error;
    }
    // The card's money is gone by now: the refund is posted whatever the balance did meanwhile (from the hold when there is one).
    const answer = await this.ledger.decide({ ...check, refundId, allowDebt: true, holdId }, context, `${refundKeyOf(refundId)}:portal`);
    return { ...answer, refundId };
  }

  private async reserve(
    check: { readonly type: 'RefundPayment'; readonly userId: string; readonly paymentId: string; readonly amountCents: number },
    holdId: string,
    context: RefundTopUp['context'],
  ): Promise<void> {
    const hold = {
      type: 'PlaceHold',
      userId: check.userId,
      holdId,
      amountCents: check.amountCents,
      cause: { kind: 'refund', id: check.paymentId },
      expiresAt: null,
    } as const;
    try {
      await this.ledger.decide(hold, context, `refund-hold:${holdId}`);
    } catch (error) {
      // Spent since the check: said in the refund's own words.
      if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE')
        throw refundNeedsDebt(Number(error.details?.availableCents ?? 0), check.amountCents);
      if (error instanceof DomainError && error.code === 'WALLET_IN_DEBT') throw refundNeedsDebt(0, check.amountCents);
      throw error;
    }
  }
}
