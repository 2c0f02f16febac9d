import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type {
  CardPayments,
  ProviderDispute,
  ProviderPayment,
  ProviderRecord,
  ProviderRefunds,
  SavedCard,
  TopUpResult,
  VerifiedWebhook,
  WebhookDelivery,
} from '../../contracts/card-payments.port.js';
import { DECLINED_MESSAGE } from './demo-cards.js';
import type { DemoCheckoutSessions } from './demo-checkout-sessions.js';
import type { DemoDisputes } from './demo-disputes.js';
import { newDemoId, paymentIntentObject, paymentRow, toProviderPayment, type PaymentRow } from './demo-pay-records.js';
import type { DemoSavedCards } from './demo-saved-cards.js';
import type { DemoWebhookSender } from './demo-webhook-sender.js';
import { demoWebhookSigner } from './demo-webhook-signing.js';

export const DEMO_PUBLISHABLE_KEY = 'pk_demo_portal_no_real_money';

/**
 * The demo card provider behind the port (money.md, "Payments"): on the embedded default it
 * stands in for Stripe inside the portal. Its payments, refunds and cards are its own tables;
 * new cards are paid or saved on its hosted checkout, and what it finishes it reports by webhook.
 */
export class DemoCardPayments implements CardPayments {
  readonly provider = 'demo' as const;
  readonly publishableKey = DEMO_PUBLISHABLE_KEY;

  constructor(
    private readonly pool: pg.Pool,
    private readonly webhookSecret: string,
    private readonly webhooks: DemoWebhookSender,
    private readonly checkout: DemoCheckoutSessions,
    private readonly cards: DemoSavedCards,
    private readonly disputes: DemoDisputes,
  ) {}

  async checkoutTopUp(input: { userId: string; email: string; amountCents: number; idempotencyKey: string; returnUrl: string }): Promise<TopUpResult> {
    const payment = await this.createPayment({
      userId: input.userId,
      amountCents: input.amountCents,
      idempotencyKey: `checkout:${input.idempotencyKey}`,
      cardId: null,
      autoRecharge: false,
    });
    const sessionId = await this.checkout.open({
      mode: 'payment',
      userId: input.userId,
      email: input.email,
      paymentId: payment.id,
      returnUrl: input.returnUrl,
      idempotencyKey: `checkout:${input.idempotencyKey}`,
      status: 'open',
    });
    return { kind: 'redirect', url: this.checkout.pageUrl(sessionId, input.returnUrl), paymentId: payment.id };
  }

  async chargeSavedCard(input: {
    userId: string;
    email: string;
    cardId: string;
    amountCents: number;
    idempotencyKey: string;
    autoRecharge: boolean;
    returnUrl: string;
  }): Promise<TopUpResult> {
    const card = await this.cards.ownedBy(input.userId, input.cardId);
    const key = `charge:${input.idempotencyKey}`;
    const payment = await this.createPayment({
      userId: input.userId,
      amountCents: input.amountCents,
      idempotencyKey: key,
      cardId: card.id,
      autoRecharge: input.autoRecharge,
    });
    if (payment.status === 'requires_payment_method') {
      // First time through: the card decides (a repeat with the same key answers what it decided then).
      const status = card.behaviour === 'succeed' || card.behaviour === 'dispute' ? 'succeeded' : card.behaviour === 'decline' ? 'failed' : 'requires_action';
      const { rows } = await this.pool.query<PaymentRow>(
        `UPDATE demo_pay_payments SET status = $2, succeeded_at = CASE WHEN $2 = 'succeeded' THEN now() END
          WHERE id = $1 AND status = 'requires_payment_method' RETURNING *`,
        [payment.id, status],
      );
      if (rows[0]) {
        if (status === 'succeeded') await this.webhooks.send('payment_intent.succeeded', paymentIntentObject(rows[0]));
        if (status === 'succeeded' && card.behaviour === 'dispute') await this.disputes.open(rows[0]);
        if (status === 'failed')
          await this.webhooks.send('payment_intent.payment_failed', {
            ...paymentIntentObject(rows[0]),
            last_payment_error: { code: 'card_declined', message: DECLINED_MESSAGE },
          });
        if (status === 'requires_action') {
          await this.checkout.open({
            mode: 'authentication',
            userId: input.userId,
            email: input.email,
            paymentId: payment.id,
            returnUrl: input.returnUrl,
            idempotencyKey: key,
            status: 'requires_action',
          });
        }
      }
    }
    const current = (await paymentRow(this.pool, payment.id))!;
    if (current.status === 'succeeded') return { kind: 'succeeded', paymentId: current.id };
    if (current.status === 'requires_action') return { kind: 'redirect', url: await this.checkout.authenticationPageOf(current.id), paymentId: current.id };
    return { kind: 'declined', message: DECLINED_MESSAGE };
  }

  async setupCard(input: { userId: string; email: string; returnUrl: string }): Promise<{ url: string }> {
    const sessionId = await this.checkout.open({
      mode: 'setup',
      userId: input.userId,
      email: input.email,
      paymentId: null,
      returnUrl: input.returnUrl,
      idempotencyKey: null,
      status: 'open',
    });
    return { url: this.checkout.pageUrl(sessionId, input.returnUrl) };
  }

  listCards(userId: string): Promise<readonly SavedCard[]> {
    return this.cards.list(userId);
  }

  setDefaultCard(userId: string, cardId: string): Promise<void> {
    return this.cards.setDefault(userId, cardId);
  }

  deleteCard(userId: string, cardId: string): Promise<void> {
    return this.cards.delete(userId, cardId);
  }

  async verifyWebhook(delivery: WebhookDelivery): Promise<VerifiedWebhook> {
    const event = (await demoWebhookSigner()).webhooks.constructEvent(delivery.rawBody, delivery.signature, this.webhookSecret);
    const object = event.data.object as { id?: unknown };
    if (typeof object.id !== 'string') throw new Error('The event names no object');
    return { eventId: event.id, type: event.type, objectId: object.id, createdAt: new Date(event.created * 1000) };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | null> {
    const { rows } = await this.pool.query<PaymentRow>(
      `SELECT p.* FROM demo_pay_payments p WHERE p.id = $1
       UNION ALL
       SELECT p.* FROM demo_pay_sessions s JOIN demo_pay_payments p ON p.id = s.payment_id WHERE s.id = $1`,
      [paymentId],
    );
    return rows[0] ? toProviderPayment(rows[0]) : null;
  }

  async listRecentPayments(since: Date): Promise<readonly ProviderPayment[]> {
    const { rows } = await this.pool.query<PaymentRow>(`SELECT * FROM demo_pay_payments WHERE status = 'succeeded' AND created_at >= $1 ORDER BY created_at`, [
      since,
    ]);
    return rows.map(toProviderPayment);
  }

  async refund(input: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }> {
    const payment = await paymentRow(this.pool, input.paymentId);
    if (!payment || payment.status !== 'succeeded') throw new DomainError('PAYMENT_NOT_REFUNDABLE', 'Only a succeeded payment can be refunded.', 422);
    const id = newDemoId('re');
    // One statement decides: the refund goes in only while it fits what is left of the payment.
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO demo_pay_refunds (id, payment_id, amount_cents, idempotency_key)
       SELECT $1, $2, $3::integer, $4
        WHERE $3::integer <= $5::integer - (SELECT coalesce(sum(amount_cents), 0)::integer FROM demo_pay_refunds WHERE payment_id = $2)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [id, payment.id, input.amountCents, input.idempotencyKey, payment.amount_cents],
    );
    if (!rows[0]) {
      const { rows: earlier } = await this.pool.query<{ id: string; payment_id: string; amount_cents: number }>(
        `SELECT * FROM demo_pay_refunds WHERE idempotency_key = $1`,
        [input.idempotencyKey],
      );
      if (earlier[0] && earlier[0].payment_id === payment.id && earlier[0].amount_cents === input.amountCents) return { refundId: earlier[0].id };
      if (earlier[0]) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This refund key was already used for a different refund.', 409);
      throw new DomainError('REFUND_TOO_LARGE', 'A refund cannot exceed what is left of the payment.', 422);
    }
    const { rows: total } = await this.pool.query<{ refunded: string }>(
      `SELECT coalesce(sum(amount_cents), 0) AS refunded FROM demo_pay_refunds WHERE payment_id = $1`,
      [payment.id],
    );
    await this.webhooks.send('charge.refunded', {
      id: `ch_${payment.id.slice(3)}`,
      object: 'charge',
      payment_intent: payment.id,
      amount: payment.amount_cents,
      amount_refunded: Number(total[0]!.refunded),
      currency: 'usd',
      refunded: Number(total[0]!.refunded) === payment.amount_cents,
      metadata: { userId: payment.user_id, refundId: id },
    });
    return { refundId: id };
  }

  async getRefunds(chargeId: string): Promise<ProviderRefunds | null> {
    // The demo's charge of a payment is named after it: ch_demo_… for pi_demo_….
    const payment = chargeId.startsWith('ch_') ? await paymentRow(this.pool, `pi_${chargeId.slice(3)}`) : null;
    if (!payment) return null;
    const { rows } = await this.pool.query<{ id: string; amount_cents: number }>(
      `SELECT id, amount_cents FROM demo_pay_refunds WHERE payment_id = $1 ORDER BY created_at, id`,
      [payment.id],
    );
    return { paymentId: payment.id, userId: payment.user_id, refunds: rows.map((row) => ({ refundId: row.id, amountCents: row.amount_cents })) };
  }

  /** The demo saves the card as the setup completes; this only says whose it was (`seti_x` came from session `cs_x`). */
  async cardSaved(setupIntentId: string): Promise<{ userId: string } | null> {
    if (!setupIntentId.startsWith('seti_')) return null;
    const { rows } = await this.pool.query<{ user_id: string }>(`SELECT user_id FROM demo_pay_sessions WHERE id = $1 AND mode = 'setup'`, [
      `cs_${setupIntentId.slice(5)}`,
    ]);
    return rows[0] ? { userId: rows[0].user_id } : null;
  }

  getDispute(disputeId: string): Promise<ProviderDispute | null> {
    return this.disputes.get(disputeId);
  }

  async recordsBetween(from: Date, to: Date): Promise<readonly ProviderRecord[]> {
    const { rows } = await this.pool.query<{
      kind: 'payment' | 'refund' | 'dispute';
      id: string;
      payment_id: string;
      user_id: string;
      amount_cents: number;
      at: Date;
    }>(
      `SELECT 'payment' AS kind, id, id AS payment_id, user_id, amount_cents, succeeded_at AS at FROM demo_pay_payments
        WHERE status = 'succeeded' AND succeeded_at >= $1 AND succeeded_at < $2
       UNION ALL
       SELECT 'refund', r.id, r.payment_id, p.user_id, -r.amount_cents, r.created_at FROM demo_pay_refunds r JOIN demo_pay_payments p ON p.id = r.payment_id
        WHERE r.created_at >= $1 AND r.created_at < $2
       UNION ALL
       SELECT 'dispute', d.id, d.payment_id, p.user_id, -d.amount_cents, d.created_at FROM demo_pay_disputes d JOIN demo_pay_payments p ON p.id = d.payment_id
        WHERE d.created_at >= $1 AND d.created_at < $2
       UNION ALL
       SELECT 'dispute', d.id, d.payment_id, p.user_id, d.amount_cents, d.closed_at FROM demo_pay_disputes d JOIN demo_pay_payments p ON p.id = d.payment_id
        WHERE d.status = 'won' AND d.closed_at >= $1 AND d.closed_at < $2
       ORDER BY at, id`,
      [from, to],
    );
    return rows.map((row) => ({ kind: row.kind, id: row.id, paymentId: row.payment_id, userId: row.user_id, amountCents: row.amount_cents, at: row.at }));
  }

  /** A payment once per provider key; the key reused for a different payment is refused. */
  private async createPayment(input: {
    userId: string;
    amountCents: number;
    idempotencyKey: string;
    cardId: string | null;
    autoRecharge: boolean;
  }): Promise<PaymentRow> {
    await this.pool.query(
      `INSERT INTO demo_pay_payments (id, user_id, amount_cents, status, auto_recharge, card_id, idempotency_key)
       VALUES ($1, $2, $3, 'requires_payment_method', $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
      [newDemoId('pi'), input.userId, input.amountCents, input.autoRecharge, input.cardId, input.idempotencyKey],
    );
    const { rows } = await this.pool.query<PaymentRow>(`SELECT * FROM demo_pay_payments WHERE idempotency_key = $1`, [input.idempotencyKey]);
    const row = rows[0]!;
    if (row.user_id !== input.userId || row.amount_cents !== input.amountCents || row.card_id !== input.cardId) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This payment key was already used for a different payment.', 409);
    }
    return row;
  }
}
