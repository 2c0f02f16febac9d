import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import Stripe from 'stripe';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { JobQueue } from '../../../../platform/jobs/job-queue.port.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { isEncryptedSecret, type SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { SECRET_COLUMNS, secretContext } from '../../../../platform/secrets/secret-columns.js';
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
import { AUTHENTICATION_FAILED_MESSAGE, checkCard, DECLINED_MESSAGE, fullYear, type CardBehaviour, type CardEntry } from './demo-cards.js';

export const DEMO_PUBLISHABLE_KEY = 'pk_demo_portal_no_real_money';
export const DEMO_WEBHOOK_JOB = 'demo-pay-send-webhook';
const SESSION_HOURS = 24;

/** Where a signed webhook goes: the portal's own endpoint over HTTP (tests may hand it to the endpoint's code directly). */
export type WebhookSender = (payload: string, signature: string) => Promise<void>;

type PaymentRow = {
  id: string;
  user_id: string;
  amount_cents: number;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  auto_recharge: boolean;
  card_id: string | null;
  created_at: Date;
  succeeded_at: Date | null;
};
type SessionRow = {
  id: string;
  mode: 'payment' | 'setup' | 'authentication';
  user_id: string;
  email: string;
  payment_id: string | null;
  status: 'open' | 'processing' | 'requires_action' | 'complete' | 'expired';
  pending_card: PendingCard | null;
  return_url: string;
  expires_at: Date;
};
type PendingCard = { brand: string; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour };
type CardRow = {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: CardBehaviour;
  is_default: boolean;
};

/** What the hosted page shows and where it goes next. */
export type DemoSessionView = {
  readonly id: string;
  readonly mode: SessionRow['mode'];
  readonly status: SessionRow['status'] | 'failed';
  readonly amountCents: number | null;
  readonly email: string;
  readonly cancelUrl: string;
};
export type DemoPayOutcome =
  | { readonly status: 'succeeded'; readonly redirectUrl: string }
  | { readonly status: 'requires_action' }
  | { readonly status: 'failed'; readonly message: string; readonly redirectUrl: string | null };

const demoWebhookSecretContext = () =>
  secretContext(
    SECRET_COLUMNS.find((c) => c.table === 'demo_pay_settings')!,
    [1],
  );

const newId = (prefix: string) => `${prefix}_demo_${randomBytes(16).toString('hex')}`;
const signer = new Stripe('sk_demo_signing_only');

/**
 * The demo card provider (money.md, "Payments"): on the embedded default it stands in for
 * Stripe's hosted pages inside the portal. Its sessions, payments, refunds and cards are its
 * own tables; what it finishes it reports as Stripe-shaped events, signed with Stripe's scheme
 * (the official client) under a secret made once per deployment and kept in the database, and
 * sent by a job to the portal's webhook endpoint, the same path Stripe's webhooks take.
 */
export class DemoCardPayments implements CardPayments {
  readonly provider = 'demo' as const;
  readonly publishableKey = DEMO_PUBLISHABLE_KEY;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly jobs: JobQueue,
    private readonly publicUrl: string,
    private readonly webhookSecret: string,
  ) {}

  /** The secret is stored encrypted (secrets:rotate re-encrypts it); one kept in plain text by an older version is encrypted here. */
  static async open(pool: pg.Pool, jobs: JobQueue, publicUrl: string, secrets: SecretCipher): Promise<DemoCardPayments> {
    const context = demoWebhookSecretContext();
    await pool.query(`INSERT INTO demo_pay_settings (id, webhook_secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
      secrets.encrypt(`whsec_demo_${randomBytes(24).toString('hex')}`, context),
    ]);
    const { rows } = await pool.query<{ webhook_secret: string }>(`SELECT webhook_secret FROM demo_pay_settings WHERE id = 1`);
    const stored = rows[0]!.webhook_secret;
    if (!isEncryptedSecret(stored)) {
      await pool.query(`UPDATE demo_pay_settings SET webhook_secret = $1 WHERE id = 1 AND webhook_secret = $2`, [secrets.encrypt(stored, context), stored]);
      return new DemoCardPayments(pool, jobs, publicUrl.replace(/\/$/, ''), stored);
    }
    // Used only to sign the provider's own webhooks: a delivery, not a credential access.
    return new DemoCardPayments(pool, jobs, publicUrl.replace(/\/$/, ''), secrets.decrypt(stored, context));
  }

  /** The job that sends one event, signed at sending time; a failed send throws, so the queue retries it. */
  registerWebhookJob(send: WebhookSender = this.httpSender()): void {
    this.jobs.register<{ event: Record<string, unknown> }>(DEMO_WEBHOOK_JOB, async ({ event }) => {
      const payload = JSON.stringify(event);
      await send(payload, signer.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }));
    });
  }

  private httpSender(): WebhookSender {
    return async (payload, signature) => {
      const response = await fetch(`${this.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The webhook endpoint answered ${response.status}`);
    };
  }

  // ---- the port ----

  async checkoutTopUp(input: { userId: string; email: string; amountCents: number; idempotencyKey: string; returnUrl: string }): Promise<TopUpResult> {
    const payment = await this.createPayment({
      userId: input.userId,
      amountCents: input.amountCents,
      idempotencyKey: `checkout:${input.idempotencyKey}`,
      cardId: null,
      autoRecharge: false,
    });
    const sessionId = await this.createSession({
      mode: 'payment',
      userId: input.userId,
      email: input.email,
      paymentId: payment.id,
      returnUrl: input.returnUrl,
      idempotencyKey: `checkout:${input.idempotencyKey}`,
      status: 'open',
    });
    return { kind: 'redirect', url: this.pageUrl(sessionId), paymentId: payment.id };
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
    const card = await this.cardOf(input.userId, input.cardId);
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
        if (status === 'succeeded') await this.emit('payment_intent.succeeded', this.paymentIntentObject(rows[0]));
        if (status === 'succeeded' && card.behaviour === 'dispute') await this.openDispute(rows[0]);
        if (status === 'failed')
          await this.emit('payment_intent.payment_failed', {
            ...this.paymentIntentObject(rows[0]),
            last_payment_error: { code: 'card_declined', message: DECLINED_MESSAGE },
          });
        if (status === 'requires_action') {
          await this.createSession({
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
    const current = (await this.paymentRow(payment.id))!;
    if (current.status === 'succeeded') return { kind: 'succeeded', paymentId: current.id };
    if (current.status === 'requires_action') {
      const { rows } = await this.pool.query<{ id: string }>(`SELECT id FROM demo_pay_sessions WHERE payment_id = $1 AND mode = 'authentication'`, [
        current.id,
      ]);
      return { kind: 'redirect', url: this.pageUrl(rows[0]!.id), paymentId: current.id };
    }
    return { kind: 'declined', message: DECLINED_MESSAGE };
  }

  async setupCard(input: { userId: string; email: string; returnUrl: string }): Promise<{ url: string }> {
    const sessionId = await this.createSession({
      mode: 'setup',
      userId: input.userId,
      email: input.email,
      paymentId: null,
      returnUrl: input.returnUrl,
      idempotencyKey: null,
      status: 'open',
    });
    return { url: this.pageUrl(sessionId) };
  }

  async listCards(userId: string): Promise<readonly SavedCard[]> {
    const { rows } = await this.pool.query<CardRow>(
      `SELECT * FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at DESC`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, isDefault: row.is_default }));
  }

  async setDefaultCard(userId: string, cardId: string): Promise<void> {
    await this.cardOf(userId, cardId);
    await inTransaction(this.pool, async (client) => {
      // The agent's cards are changed one request at a time: two defaults set at once end with one.
      await client.query(`SELECT id FROM demo_pay_cards WHERE user_id = $1 ORDER BY id FOR UPDATE`, [userId]);
      await client.query(`UPDATE demo_pay_cards SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2`, [userId, cardId]);
      await client.query(`UPDATE demo_pay_cards SET is_default = true WHERE user_id = $1 AND id = $2 AND deleted_at IS NULL`, [userId, cardId]);
    });
  }

  async deleteCard(userId: string, cardId: string): Promise<void> {
    await this.cardOf(userId, cardId);
    await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT id FROM demo_pay_cards WHERE user_id = $1 ORDER BY id FOR UPDATE`, [userId]);
      await client.query(`UPDATE demo_pay_cards SET deleted_at = now(), is_default = false WHERE user_id = $1 AND id = $2 AND deleted_at IS NULL`, [
        userId,
        cardId,
      ]);
      // Stripe keeps a default when one remains: the newest card left takes the place.
      await client.query(
        `UPDATE demo_pay_cards SET is_default = true
          WHERE id = (SELECT id FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)
            AND NOT EXISTS (SELECT 1 FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL AND is_default)`,
        [userId],
      );
    });
  }

  verifyWebhook(delivery: WebhookDelivery): VerifiedWebhook {
    const event = signer.webhooks.constructEvent(delivery.rawBody, delivery.signature, this.webhookSecret);
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
    const payment = await this.paymentRow(input.paymentId);
    if (!payment || payment.status !== 'succeeded') throw new DomainError('PAYMENT_NOT_REFUNDABLE', 'Only a succeeded payment can be refunded.', 422);
    const id = newId('re');
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
    await this.emit('charge.refunded', {
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
    const payment = chargeId.startsWith('ch_') ? await this.paymentRow(`pi_${chargeId.slice(3)}`) : null;
    if (!payment) return null;
    const { rows } = await this.pool.query<{ id: string; amount_cents: number }>(
      `SELECT id, amount_cents FROM demo_pay_refunds WHERE payment_id = $1 ORDER BY created_at, id`,
      [payment.id],
    );
    return { paymentId: payment.id, userId: payment.user_id, refunds: rows.map((row) => ({ refundId: row.id, amountCents: row.amount_cents })) };
  }

  /** The demo makes an agent's first saved card the default as it saves it. */
  /** The demo saves the card as the setup completes; this only says whose it was (`seti_x` came from session `cs_x`). */
  async cardSaved(setupIntentId: string): Promise<{ userId: string } | null> {
    if (!setupIntentId.startsWith('seti_')) return null;
    const { rows } = await this.pool.query<{ user_id: string }>(`SELECT user_id FROM demo_pay_sessions WHERE id = $1 AND mode = 'setup'`, [
      `cs_${setupIntentId.slice(5)}`,
    ]);
    return rows[0] ? { userId: rows[0].user_id } : null;
  }

  async getDispute(disputeId: string): Promise<ProviderDispute | null> {
    const { rows } = await this.pool.query<{ id: string; payment_id: string; user_id: string; amount_cents: number; status: string }>(
      `SELECT d.id, d.payment_id, p.user_id, d.amount_cents, d.status FROM demo_pay_disputes d JOIN demo_pay_payments p ON p.id = d.payment_id WHERE d.id = $1`,
      [disputeId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      disputeId: row.id,
      paymentId: row.payment_id,
      userId: row.user_id,
      amountCents: row.amount_cents,
      status: row.status === 'won' ? 'won' : row.status === 'lost' ? 'lost' : 'open',
    };
  }

  /** The bank's decision on a dispute (an admin plays the bank on the demo provider): won returns the money, lost keeps it taken. */
  async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<ProviderDispute> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE demo_pay_disputes SET status = $2, closed_at = now() WHERE id = $1 AND status = 'needs_response' RETURNING id`,
      [disputeId, outcome],
    );
    const dispute = await this.getDispute(disputeId);
    if (!dispute) throw new DomainError('DISPUTE_NOT_FOUND', 'No such dispute.', 404);
    if (!rows[0]) throw new DomainError('DISPUTE_CLOSED', `This dispute is already ${dispute.status}.`, 409);
    await this.emit('charge.dispute.closed', this.disputeObject(dispute, outcome));
    return dispute;
  }

  private async openDispute(payment: PaymentRow): Promise<void> {
    const id = `dp_demo_${payment.id.slice('pi_demo_'.length)}`;
    const { rowCount } = await this.pool.query(
      `INSERT INTO demo_pay_disputes (id, payment_id, amount_cents, status) VALUES ($1, $2, $3, 'needs_response') ON CONFLICT (payment_id) DO NOTHING`,
      [id, payment.id, payment.amount_cents],
    );
    if (rowCount) {
      const dispute = (await this.getDispute(id))!;
      await this.emit('charge.dispute.created', this.disputeObject(dispute, 'needs_response'));
    }
  }

  private disputeObject(dispute: ProviderDispute, status: string): Record<string, unknown> {
    return {
      id: dispute.disputeId,
      object: 'dispute',
      payment_intent: dispute.paymentId,
      amount: dispute.amountCents,
      currency: 'usd',
      reason: 'fraudulent',
      status,
    };
  }

  async recordsOfDay(day: string): Promise<readonly ProviderRecord[]> {
    const { rows } = await this.pool.query<{
      kind: 'payment' | 'refund' | 'dispute';
      id: string;
      payment_id: string;
      user_id: string;
      amount_cents: number;
      at: Date;
    }>(
      `SELECT 'payment' AS kind, id, id AS payment_id, user_id, amount_cents, succeeded_at AS at FROM demo_pay_payments
        WHERE status = 'succeeded' AND succeeded_at >= $1::date AND succeeded_at < $1::date + 1
       UNION ALL
       SELECT 'refund', r.id, r.payment_id, p.user_id, -r.amount_cents, r.created_at FROM demo_pay_refunds r JOIN demo_pay_payments p ON p.id = r.payment_id
        WHERE r.created_at >= $1::date AND r.created_at < $1::date + 1
       UNION ALL
       SELECT 'dispute', d.id, d.payment_id, p.user_id, -d.amount_cents, d.created_at FROM demo_pay_disputes d JOIN demo_pay_payments p ON p.id = d.payment_id
        WHERE d.created_at >= $1::date AND d.created_at < $1::date + 1
       UNION ALL
       SELECT 'dispute', d.id, d.payment_id, p.user_id, d.amount_cents, d.closed_at FROM demo_pay_disputes d JOIN demo_pay_payments p ON p.id = d.payment_id
        WHERE d.status = 'won' AND d.closed_at >= $1::date AND d.closed_at < $1::date + 1
       ORDER BY at, id`,
      [day],
    );
    return rows.map((row) => ({ kind: row.kind, id: row.id, paymentId: row.payment_id, userId: row.user_id, amountCents: row.amount_cents, at: row.at }));
  }

  // ---- the hosted page ----

  async session(sessionId: string): Promise<DemoSessionView | null> {
    const row = await this.sessionRow(sessionId);
    if (!row) return null;
    const payment = row.payment_id ? await this.paymentRow(row.payment_id) : null;
    const expired = row.status !== 'complete' && row.expires_at < new Date();
    return {
      id: row.id,
      mode: row.mode,
      status: expired ? 'expired' : row.mode === 'authentication' && payment?.status === 'failed' ? 'failed' : row.status,
      amountCents: payment?.amount_cents ?? null,
      email: row.email,
      cancelUrl: this.returnTo(row, 'cancelled'),
    };
  }

  /** Pay (payment mode) or save (setup mode) with a typed card. */
  async submitCard(sessionId: string, entry: CardEntry, now = new Date()): Promise<DemoPayOutcome> {
    const checked = checkCard(entry, now);
    if (!checked.ok) throw new DomainError('CARD_INVALID', checked.message, 400, { field: checked.field });
    const claimed = await this.claim(sessionId, 'open', ['payment', 'setup']);
    const card: PendingCard = {
      brand: checked.card.brand,
      last4: checked.last4,
      expMonth: entry.expMonth,
      expYear: fullYear(entry.expYear),
      behaviour: checked.card.behaviour,
    };
    return this.orBack(claimed, 'open', () => this.decideCard(claimed, card));
  }

  private async decideCard(claimed: SessionRow, card: PendingCard): Promise<DemoPayOutcome> {
    if (card.behaviour === 'decline') {
      await this.setStatus(claimed.id, 'open', null);
      if (claimed.payment_id) await this.emitPaymentFailed(claimed.payment_id, 'card_declined', DECLINED_MESSAGE);
      return { status: 'failed', message: DECLINED_MESSAGE, redirectUrl: null };
    }
    if (card.behaviour === 'authenticate') {
      await this.setStatus(claimed.id, 'requires_action', card);
      if (claimed.payment_id)
        await this.pool.query(`UPDATE demo_pay_payments SET status = 'requires_action' WHERE id = $1 AND status <> 'succeeded'`, [claimed.payment_id]);
      return { status: 'requires_action' };
    }
    return this.complete(claimed, card);
  }

  /** The bank's authentication step: the card holder confirms, or it fails. */
  async authenticate(sessionId: string, outcome: 'authenticate' | 'fail'): Promise<DemoPayOutcome> {
    const claimed = await this.claim(sessionId, 'requires_action', ['payment', 'setup', 'authentication']);
    return this.orBack(claimed, 'requires_action', () => this.decideAuthentication(claimed, outcome));
  }

  private async decideAuthentication(claimed: SessionRow, outcome: 'authenticate' | 'fail'): Promise<DemoPayOutcome> {
    if (outcome === 'authenticate') return this.complete(claimed, claimed.pending_card);
    if (claimed.mode === 'authentication') {
      await this.setStatus(claimed.id, 'complete', null);
      await this.emitPaymentFailed(claimed.payment_id!, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED_MESSAGE, 'failed');
      return { status: 'failed', message: AUTHENTICATION_FAILED_MESSAGE, redirectUrl: this.returnTo(claimed, 'failed') };
    }
    await this.setStatus(claimed.id, 'open', null);
    if (claimed.payment_id) await this.emitPaymentFailed(claimed.payment_id, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED_MESSAGE);
    return { status: 'failed', message: AUTHENTICATION_FAILED_MESSAGE, redirectUrl: null };
  }

  /** Leaves the hosted page without paying: the session expires and the page goes back with ?setup=cancelled (or ?payment=cancelled). */
  async cancel(sessionId: string): Promise<{ redirectUrl: string }> {
    const claimed = await this.claim(sessionId, 'open', ['payment', 'setup']);
    await this.setStatus(claimed.id, 'expired', null);
    if (claimed.payment_id)
      await this.pool.query(`UPDATE demo_pay_payments SET status = 'canceled' WHERE id = $1 AND status <> 'succeeded'`, [claimed.payment_id]);
    return { redirectUrl: this.returnTo(claimed, 'cancelled') };
  }

  // ---- inside ----

  private async complete(session: SessionRow, card: PendingCard | null): Promise<DemoPayOutcome> {
    if (session.mode === 'setup') {
      if (!card) throw new Error('A setup session completed without a card');
      const cardId = await this.saveCard(session.user_id, card);
      await this.setStatus(session.id, 'complete', null);
      const setupIntent = `seti_${session.id.slice(3)}`;
      await this.emit('setup_intent.succeeded', {
        id: setupIntent,
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: cardId,
        usage: 'off_session',
        metadata: { userId: session.user_id },
      });
      await this.emit('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        mode: 'setup',
        status: 'complete',
        setup_intent: setupIntent,
        metadata: { userId: session.user_id },
      });
      return { status: 'succeeded', redirectUrl: this.returnTo(session, 'success') };
    }
    const { rows } = await this.pool.query<PaymentRow>(
      `UPDATE demo_pay_payments SET status = 'succeeded', succeeded_at = now() WHERE id = $1 AND status <> 'succeeded' RETURNING *`,
      [session.payment_id],
    );
    await this.setStatus(session.id, 'complete', null);
    if (rows[0]) {
      await this.emit('payment_intent.succeeded', this.paymentIntentObject(rows[0]));
      if (card?.behaviour === 'dispute') await this.openDispute(rows[0]);
      if (session.mode === 'payment') {
        await this.emit('checkout.session.completed', {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          payment_intent: rows[0].id,
          amount_total: rows[0].amount_cents,
          currency: 'usd',
          metadata: { userId: session.user_id },
        });
      }
    }
    return { status: 'succeeded', redirectUrl: this.returnTo(session, 'success') };
  }

  /** The agent's first card becomes the default; two first cards saved at once: the second is not (the unique index decides). */
  private async saveCard(userId: string, card: PendingCard): Promise<string> {
    const id = newId('pm');
    const insert = (asDefault: boolean) =>
      this.pool.query(
        `INSERT INTO demo_pay_cards (id, user_id, brand, last4, exp_month, exp_year, behaviour, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8 AND NOT EXISTS (SELECT 1 FROM demo_pay_cards WHERE user_id = $2 AND is_default AND deleted_at IS NULL))`,
        [id, userId, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour, asDefault],
      );
    try {
      await insert(true);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await insert(false);
    }
    return id;
  }

  /** A claimed session whose step failed unexpectedly goes back to where it was, so the page can be used again. */
  private async orBack(claimed: SessionRow, status: SessionRow['status'], step: () => Promise<DemoPayOutcome>): Promise<DemoPayOutcome> {
    try {
      return await step();
    } catch (error) {
      await this.pool.query(`UPDATE demo_pay_sessions SET status = $2 WHERE id = $1 AND status = 'processing'`, [claimed.id, status]);
      throw error;
    }
  }

  /** Takes a session from `from` to processing in one statement: a double click pays once. */
  private async claim(sessionId: string, from: SessionRow['status'], modes: SessionRow['mode'][]): Promise<SessionRow> {
    const { rows } = await this.pool.query<SessionRow>(
      `UPDATE demo_pay_sessions SET status = 'processing' WHERE id = $1 AND status = $2 AND mode = ANY($3) AND expires_at > now() RETURNING *`,
      [sessionId, from, modes],
    );
    if (rows[0]) return rows[0];
    const current = await this.sessionRow(sessionId);
    if (!current) throw new DomainError('SESSION_NOT_FOUND', 'This payment page does not exist.', 404);
    throw new DomainError(
      'SESSION_NOT_OPEN',
      current.status === 'complete' ? 'This payment page is already complete.' : 'This payment page is no longer open.',
      409,
    );
  }

  private async setStatus(sessionId: string, status: SessionRow['status'], pendingCard: PendingCard | null): Promise<void> {
    await this.pool.query(`UPDATE demo_pay_sessions SET status = $2, pending_card = $3 WHERE id = $1`, [
      sessionId,
      status,
      pendingCard ? JSON.stringify(pendingCard) : null,
    ]);
  }

  private async emitPaymentFailed(
    paymentId: string,
    code: string,
    message: string,
    status: 'requires_payment_method' | 'failed' = 'requires_payment_method',
  ): Promise<void> {
    const { rows } = await this.pool.query<PaymentRow>(`UPDATE demo_pay_payments SET status = $2 WHERE id = $1 AND status <> 'succeeded' RETURNING *`, [
      paymentId,
      status,
    ]);
    if (rows[0]) await this.emit('payment_intent.payment_failed', { ...this.paymentIntentObject(rows[0]), last_payment_error: { code, message } });
  }

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
      [newId('pi'), input.userId, input.amountCents, input.autoRecharge, input.cardId, input.idempotencyKey],
    );
    const { rows } = await this.pool.query<PaymentRow>(`SELECT * FROM demo_pay_payments WHERE idempotency_key = $1`, [input.idempotencyKey]);
    const row = rows[0]!;
    if (row.user_id !== input.userId || row.amount_cents !== input.amountCents || row.card_id !== input.cardId) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This payment key was already used for a different payment.', 409);
    }
    return row;
  }

  private async createSession(input: {
    mode: SessionRow['mode'];
    userId: string;
    email: string;
    paymentId: string | null;
    returnUrl: string;
    idempotencyKey: string | null;
    status: SessionRow['status'];
  }): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO demo_pay_sessions (id, mode, user_id, email, payment_id, status, return_url, idempotency_key, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(hours => $9)) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [newId('cs'), input.mode, input.userId, input.email, input.paymentId, input.status, input.returnUrl, input.idempotencyKey, SESSION_HOURS],
    );
    if (rows[0]) return rows[0].id;
    const { rows: earlier } = await this.pool.query<{ id: string }>(`SELECT id FROM demo_pay_sessions WHERE idempotency_key = $1`, [input.idempotencyKey]);
    return earlier[0]!.id;
  }

  private async cardOf(userId: string, cardId: string): Promise<CardRow> {
    const { rows } = await this.pool.query<CardRow>(`SELECT * FROM demo_pay_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, [cardId, userId]);
    if (!rows[0]) throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method.', 404);
    return rows[0];
  }

  private async paymentRow(paymentId: string): Promise<PaymentRow | null> {
    const { rows } = await this.pool.query<PaymentRow>(`SELECT * FROM demo_pay_payments WHERE id = $1`, [paymentId]);
    return rows[0] ?? null;
  }

  private async sessionRow(sessionId: string): Promise<SessionRow | null> {
    const { rows } = await this.pool.query<SessionRow>(`SELECT * FROM demo_pay_sessions WHERE id = $1`, [sessionId]);
    return rows[0] ?? null;
  }

  private paymentIntentObject(row: PaymentRow): Record<string, unknown> {
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount_cents,
      amount_received: row.status === 'succeeded' ? row.amount_cents : 0,
      currency: 'usd',
      status: row.status,
      payment_method: row.card_id,
      created: Math.floor(row.created_at.getTime() / 1000),
      metadata: { userId: row.user_id, autoRecharge: String(row.auto_recharge) },
    };
  }

  /** A Stripe-shaped event, sent by a job (retried until the endpoint takes it). */
  private async emit(type: string, object: Record<string, unknown>): Promise<void> {
    const id = newId('evt');
    const event = { id, object: 'event', api_version: '2025-10-29', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
    await this.jobs.enqueue(DEMO_WEBHOOK_JOB, { event }, { jobId: `demo-pay-webhook:${id}`, attempts: 10, backoffMs: 1_000 });
  }

  private pageUrl(sessionId: string): string {
    return `${this.publicUrl}/demo-pay/${sessionId}`;
  }

  private returnTo(session: Pick<SessionRow, 'mode' | 'return_url'>, outcome: 'success' | 'cancelled' | 'failed'): string {
    const url = new URL(session.return_url, this.publicUrl);
    url.searchParams.set(session.mode === 'setup' ? 'setup' : 'payment', outcome);
    return url.toString();
  }
}

function toProviderPayment(row: PaymentRow): ProviderPayment {
  const status: ProviderPayment['status'] =
    row.status === 'succeeded'
      ? 'succeeded'
      : row.status === 'requires_action'
        ? 'requires_action'
        : row.status === 'failed'
          ? 'failed'
          : row.status === 'canceled'
            ? 'canceled'
            : 'processing';
  return { paymentId: row.id, userId: row.user_id, amountCents: row.amount_cents, status, autoRecharge: row.auto_recharge, createdAt: row.created_at };
}
