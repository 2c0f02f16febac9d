import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { milliseconds } from 'date-fns';
import type pg from 'pg';

import { systemContext } from '../../../platform/event-store/new-event.js';
import { ApiError } from '../../../platform/http/api-error.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import { JOB_QUEUE, REALTIME_HUB, SQL_POOL } from '../../../platform/tokens.js';
import { DepositFunds, RecordDispute, refundKeyOf, RefundPayment } from '../../wallet/contracts/wallet-commands.js';
import { CARD_PAYMENTS, type CardPayments, type ProviderPayment, type WebhookDelivery } from '../contracts/card-payments.port.js';

export const PROCESS_PAYMENT_WEBHOOK = 'process-payment-webhook';
export const SWEEP_PAYMENTS = 'sweep-card-payments';
/** The realtime topic of an agent's saved cards. */
export const PAYMENT_METHODS_TOPIC = 'payment-methods';
/** How far back the sweep looks for succeeded payments the wallet was not credited for. */
export const SWEEP_DAYS = 3;
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

/** The one idempotency key of a payment's credit: webhook, sweep and answer all send it, so it lands once. */
export const creditKeyOf = (paymentId: string) => `payment:${paymentId}`;

/**
 * Card payments into the wallet (money.md, "Payments"): a webhook is verified, stored first
 * (one row per provider event id) and answered; a job started from the stored row re-reads the
 * payment from the provider and, if it succeeded, sends DepositFunds keyed by the payment. A
 * sweep credits succeeded payments whose webhook never came. Late, repeated and reordered
 * webhooks therefore credit once.
 */
@Injectable()
export class PaymentCredits {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
    private readonly commands: CommandBus,
  ) {}

  /** A delivery as received: a bad signature is refused and stores nothing. */
  async receive(delivery: WebhookDelivery): Promise<{ eventId: string; duplicate: boolean }> {
    let verified;
    try {
      verified = this.payments.verifyWebhook(delivery);
    } catch {
      throw new ApiError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature could not be verified.');
    }
    const stored = await this.pool.query(
      `INSERT INTO payment_webhook_events (event_id, provider, type, object_id, event_created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_id) DO NOTHING`,
      [verified.eventId, this.payments.provider, verified.type, verified.objectId, verified.createdAt],
    );
    const { rows } = await this.pool.query<{ processed_at: Date | null }>(`SELECT processed_at FROM payment_webhook_events WHERE event_id = $1`, [
      verified.eventId,
    ]);
    // Until the row is processed a repeat enqueues again (the job id absorbs it): a lost enqueue is repaired by the provider's retry.
    if (rows[0] && rows[0].processed_at === null) {
      await this.jobs.enqueue(
        PROCESS_PAYMENT_WEBHOOK,
        { eventId: verified.eventId },
        { jobId: `payment-webhook:${verified.eventId}`, attempts: 8, backoffMs: 2_000 },
      );
    }
    return { eventId: verified.eventId, duplicate: stored.rowCount === 0 };
  }

  /** The job: re-read the object the event names and credit the payment if it succeeded. */
  async process(eventId: string): Promise<void> {
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
            ? (await this.credit(payment, 'payment-webhook'))
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
  async recordDispute(disputeId: string): Promise<string> {
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
  async recordRefunds(chargeId: string): Promise<string> {
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

  /** Credits every succeeded payment of the last days the wallet has not had; the number newly credited. */
  async sweep(now = new Date()): Promise<number> {
    const recent = await this.payments.listRecentPayments(new Date(now.getTime() - milliseconds({ days: SWEEP_DAYS })));
    let credited = 0;
    for (const payment of recent) {
      if (payment.status === 'succeeded' && (await this.credit(payment, 'payment-sweep'))) credited += 1;
    }
    return credited;
  }

  /** Sends the payment's one credit; true when this call stored it (false: it was already there). */
  async credit(payment: ProviderPayment, by: string): Promise<boolean> {
    const answer = await this.commands.execute(
      new DepositFunds(
        {
          userId: payment.userId,
          paymentId: payment.paymentId,
          amountCents: payment.amountCents,
          provider: this.payments.provider,
          autoRecharge: payment.autoRecharge,
        },
        systemContext(by),
        creditKeyOf(payment.paymentId),
      ),
    );
    return answer.storedEventIds.length > 0;
  }
}
