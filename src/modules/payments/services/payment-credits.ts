import type { CommandBus } from '@nestjs/cqrs';

import { systemContext } from '../../../platform/event-store/new-event.js';
import { DepositFunds } from '../../wallet/contracts/wallet-commands.js';
import type { CardPayments, ProviderPayment } from '../contracts/card-payments.port.js';

/** The one idempotency key of a payment's credit: webhook, sweep and answer all send it, so it lands once. */
export const creditKeyOf = (paymentId: string) => `payment:${paymentId}`;

/**
 * Card payments into the wallet (money.md, "Payments"): the webhook's job (ProcessPaymentWebhook),
 * the sweep (SweepCardPayments) and a top-up's answer (TopUpWallet) each send a succeeded
 * payment's one credit through here, keyed by the payment, so late, repeated and reordered
 * webhooks credit once. True when this call stored it (false: it was already there).
 */
export async function creditPayment(commands: CommandBus, payments: Pick<CardPayments, 'provider'>, payment: ProviderPayment, by: string): Promise<boolean> {
  const answer = await commands.execute(
    new DepositFunds(
      {
        userId: payment.userId,
        paymentId: payment.paymentId,
        amountCents: payment.amountCents,
        provider: payments.provider,
        autoRecharge: payment.autoRecharge,
      },
      systemContext(by),
      creditKeyOf(payment.paymentId),
    ),
  );
  return answer.storedEventIds.length > 0;
}
