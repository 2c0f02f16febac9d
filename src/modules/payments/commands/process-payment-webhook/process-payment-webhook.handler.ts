import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { systemContext } from '../../../../platform/event-store/new-event.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { RecordDispute, refundKeyOf, RefundPayment } from '../../../wallet/contracts/wallet-commands.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { creditPayment } from '../../services/payment-credits.js';
import { ProcessPaymentWebhook } from './process-payment-webhook.command.js';

/** The realtime topic of an agent's saved cards. */
const PAYMENT_METHODS_TOPIC = 'payment-methods';

/** The events that may mean money arrived; each is only a hint: the payment is re-read before acting. */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded']);

/** Dispute events: the dispute is re-read, so whichever arrives first brings the wallet to the dispute's current state. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/** The job of a stored webhook: re-read the object the event names, bring the wallet to it, and mark the row processed with the outcome. */
@CommandHandler(ProcessPaymentWebhook)
export class ProcessPaymentWebhookHandler implements ICommandHandler<ProcessPaymentWebhook> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
    private readonly commands: CommandBus,
  ) {}

  async execute({ input: { eventId } }: ProcessPaymentWebhook): Promise<void> {
    const { rows } = await this.pool.query<{ type: string; object_id: string; processed_at: Date | null }>(
      `SELECT type, object_id, processed_at FROM payment_webhook_events WHERE event_id = $1`,
      [eventId],
    );
    const row = rows[0];
    if (!row || row.processed_at) return;
    let outcome = 'no action';
    if (PAYMENT_EVENTS.has(row.type)) {
      const payment = await this.payments.getPayment(row.object_id);
      outcome =
        payment === null
          ? 'no payment'
          : payment.status === 'succeeded'
            ? (await creditPayment(this.commands, this.payments, payment, 'payment-webhook'))
              ? 'credited'
              : 'already credited'
            : `payment ${payment.status}`;
    } else if (DISPUTE_EVENTS.has(row.type)) {
      outcome = await this.recordDispute(row.object_id);
    } else if (row.type === 'charge.refunded') {
      outcome = await this.recordRefunds(row.object_id);
    } else if (row.type === 'setup_intent.succeeded') {
      const owner = await this.payments.cardSaved(row.object_id);
      // Cards live at the provider, not in a read model: the owner's open pages are told directly.
      if (owner) this.realtime.publish([{ userId: owner.userId, topic: PAYMENT_METHODS_TOPIC }]);
      outcome = 'card saved';
    }
    await this.pool.query(`UPDATE payment_webhook_events SET processed_at = now(), outcome = $2 WHERE event_id = $1`, [eventId, outcome]);
  }

  /**
   * Brings the wallet to the dispute's current state: opened takes the money back whatever the
   * balance, then won returns it or lost closes it. Each step has its own key, so reordered and
   * repeated webhooks move the money once.
   */
  private async recordDispute(disputeId: string): Promise<string> {
    const dispute = await this.payments.getDispute(disputeId);
    if (!dispute) return 'no dispute';
    const base = {
      userId: dispute.userId,
      paymentId: dispute.paymentId,
      disputeId: dispute.disputeId,
      amountCents: dispute.amountCents,
    };
    const context = systemContext('dispute-webhook');
    await this.commands.execute(new RecordDispute({ ...base, outcome: 'opened' }, context, `dispute:${dispute.disputeId}:opened`));
    if (dispute.status !== 'open')
      await this.commands.execute(new RecordDispute({ ...base, outcome: dispute.status }, context, `dispute:${dispute.disputeId}:closed`));
    return `dispute ${dispute.status}`;
  }

  /**
   * Takes a charge's refunds out of the wallet, those made in the provider's dashboard too. A
   * refund's key is its provider id, the same key the admin's refund records it under, so a
   * refund made in the portal and its webhook move the money once. The card's money is gone
   * already, so the posting is made whatever the balance (the rest becomes debt).
   */
  private async recordRefunds(chargeId: string): Promise<string> {
    const charge = await this.payments.getRefunds(chargeId);
    if (!charge) return 'no payment';
    for (const refund of charge.refunds) {
      await this.commands.execute(
        new RefundPayment(
          { userId: charge.userId, paymentId: charge.paymentId, refundId: refund.refundId, amountCents: refund.amountCents, allowDebt: true },
          systemContext('refund-webhook'),
          refundKeyOf(refund.refundId),
        ),
      );
    }
    return `refunds ${charge.refunds.length}`;
  }
}
