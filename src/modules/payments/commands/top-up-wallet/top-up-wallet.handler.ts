import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { idempotent } from '../../../../platform/http/idempotency.js';
import { returnOriginFor } from '../../../../platform/http/request-client.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import type { PaymentsConfig } from '../../payments.config.js';
import { requireOwnCard } from '../../services/own-card.js';
import { creditPayment } from '../../services/payment-credits.js';
import { TopUpWallet, type TopUpAnswer } from './top-up-wallet.command.js';

/** The payment method that means "a new card, on the provider's hosted page". */
export const NEW_CARD = 'new';
export const PAYMENT_FAILED_MESSAGE = 'Unable to process payment. Please try again.';

/** Charges a saved card (off-session) or opens the hosted checkout, once per the agent's idempotency key. */
@CommandHandler(TopUpWallet)
export class TopUpWalletHandler implements ICommandHandler<TopUpWallet, TopUpAnswer> {
  constructor(
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: PaymentsConfig,
    private readonly commands: CommandBus,
  ) {}

  async execute({ input, idempotencyKey: key }: TopUpWallet): Promise<TopUpAnswer> {
    const { user, amountCents, paymentMethodId } = input;
    const answer = await idempotent<TopUpAnswer>(
      this.pool,
      { scope: `payments:${user.userId}`, key, payload: { route: 'top-up', amountCents, paymentMethodId } },
      async () => {
        // The provider's own idempotency key comes from the agent's key: a retried request never charges twice.
        const providerKey = `${user.userId}:${key}`;
        const returnUrl = `${returnOriginFor(this.config, input.requestOrigin)}${input.returnPath ?? '/profile'}`;
        if (paymentMethodId === NEW_CARD) {
          const result = await this.payments.checkoutTopUp({ userId: user.userId, email: user.email, amountCents, idempotencyKey: providerKey, returnUrl });
          if (result.kind !== 'redirect') throw new Error(`A checkout answered ${result.kind}`);
          return { status: 200, body: { status: 'redirect', url: result.url, paymentId: result.paymentId } };
        }
        await requireOwnCard(this.payments, user.userId, paymentMethodId);
        const result = await this.payments.chargeSavedCard({
          userId: user.userId,
          email: user.email,
          cardId: paymentMethodId,
          amountCents,
          idempotencyKey: providerKey,
          autoRecharge: false,
          returnUrl,
        });
        if (result.kind === 'declined') throw new DomainError('PAYMENT_DECLINED', PAYMENT_FAILED_MESSAGE, 422, { reason: result.message });
        if (result.kind === 'redirect') return { status: 200, body: { status: 'redirect', url: result.url, paymentId: result.paymentId } };
        // The webhook credits this payment too; the answer sends the same keyed credit, so the
        // balance has moved when the agent reads it and the payment is still credited once.
        const payment = await this.payments.getPayment(result.paymentId);
        if (payment?.status === 'succeeded' && payment.userId === user.userId) await creditPayment(this.commands, this.payments, payment, 'payment-answer');
        return { status: 200, body: { status: 'succeeded', paymentId: result.paymentId } };
      },
    );
    return answer.body;
  }
}
