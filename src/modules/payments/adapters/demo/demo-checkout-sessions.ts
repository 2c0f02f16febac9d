import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { AUTHENTICATION_FAILED_MESSAGE, checkCard, DECLINED_MESSAGE, fullYear, type CardEntry } from './demo-cards.js';
import type { DemoDisputes } from './demo-disputes.js';
import { newDemoId, paymentIntentObject, paymentRow, type PaymentRow, type PendingCard } from './demo-pay-records.js';
import type { DemoSavedCards } from './demo-saved-cards.js';
import type { DemoWebhookSender } from './demo-webhook-sender.js';

const SESSION_HOURS = 24;

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

/**
 * The demo provider's hosted checkout (demo_pay_sessions), its stand-in for Stripe's hosted
 * pages: a session pays a top-up, saves a card, or runs the bank's authentication step of a
 * saved card's charge. What a session finishes is reported by webhook.
 */
export class DemoCheckoutSessions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly publicUrl: string,
    private readonly webhooks: DemoWebhookSender,
    private readonly disputes: DemoDisputes,
    private readonly cards: DemoSavedCards,
  ) {}

  /** Opens a session, once per idempotency key (a repeat answers the first one's id). */
  async open(input: {
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
      [newDemoId('cs'), input.mode, input.userId, input.email, input.paymentId, input.status, input.returnUrl, input.idempotencyKey, SESSION_HOURS],
    );
    if (rows[0]) return rows[0].id;
    const { rows: earlier } = await this.pool.query<{ id: string }>(`SELECT id FROM demo_pay_sessions WHERE idempotency_key = $1`, [input.idempotencyKey]);
    return earlier[0]!.id;
  }

  /** The hosted page, on the origin the session returns to (the one the agent opened the portal at). */
  pageUrl(sessionId: string, returnUrl: string): string {
    return new URL(`/demo-pay/${sessionId}`, new URL(returnUrl, this.publicUrl)).toString();
  }

  /** The page of a saved card's charge that waits for the bank's authentication step. */
  async authenticationPageOf(paymentId: string): Promise<string> {
    const { rows } = await this.pool.query<{ id: string; return_url: string }>(
      `SELECT id, return_url FROM demo_pay_sessions WHERE payment_id = $1 AND mode = 'authentication'`,
      [paymentId],
    );
    return this.pageUrl(rows[0]!.id, rows[0]!.return_url);
  }

  async view(sessionId: string): Promise<DemoSessionView | null> {
    const row = await this.sessionRow(sessionId);
    if (!row) return null;
    const payment = row.payment_id ? await paymentRow(this.pool, row.payment_id) : null;
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

  /** The bank's authentication step: the card holder confirms, or it fails. */
  async authenticate(sessionId: string, outcome: 'authenticate' | 'fail'): Promise<DemoPayOutcome> {
    const claimed = await this.claim(sessionId, 'requires_action', ['payment', 'setup', 'authentication']);
    return this.orBack(claimed, 'requires_action', () => this.decideAuthentication(claimed, outcome));
  }

  /** Leaves the hosted page without paying: the session expires and the page goes back with ?setup=cancelled (or ?payment=cancelled). */
  async cancel(sessionId: string): Promise<{ redirectUrl: string }> {
    const claimed = await this.claim(sessionId, 'open', ['payment', 'setup']);
    await this.setStatus(claimed.id, 'expired', null);
    if (claimed.payment_id)
      await this.pool.query(`UPDATE demo_pay_payments SET status = 'canceled' WHERE id = $1 AND status <> 'succeeded'`, [claimed.payment_id]);
    return { redirectUrl: this.returnTo(claimed, 'cancelled') };
  }

  private async decideCard(claimed: SessionRow, card: PendingCard): Promise<DemoPayOutcome> {
    if (card.behaviour === 'decline') {
      await this.setStatus(claimed.id, 'open', null);
      if (claimed.payment_id) await this.failPayment(claimed.payment_id, 'card_declined', DECLINED_MESSAGE);
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

  private async decideAuthentication(claimed: SessionRow, outcome: 'authenticate' | 'fail'): Promise<DemoPayOutcome> {
    if (outcome === 'authenticate') return this.complete(claimed, claimed.pending_card);
    if (claimed.mode === 'authentication') {
      await this.setStatus(claimed.id, 'complete', null);
      await this.failPayment(claimed.payment_id!, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED_MESSAGE, 'failed');
      return { status: 'failed', message: AUTHENTICATION_FAILED_MESSAGE, redirectUrl: this.returnTo(claimed, 'failed') };
    }
    await this.setStatus(claimed.id, 'open', null);
    if (claimed.payment_id) await this.failPayment(claimed.payment_id, 'payment_intent_authentication_failure', AUTHENTICATION_FAILED_MESSAGE);
    return { status: 'failed', message: AUTHENTICATION_FAILED_MESSAGE, redirectUrl: null };
  }

  private async complete(session: SessionRow, card: PendingCard | null): Promise<DemoPayOutcome> {
    if (session.mode === 'setup') {
      if (!card) throw new Error('A setup session completed without a card');
      const cardId = await this.cards.save(session.user_id, card);
      await this.setStatus(session.id, 'complete', null);
      const setupIntent = `seti_${session.id.slice(3)}`;
      await this.webhooks.send('setup_intent.succeeded', {
        id: setupIntent,
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: cardId,
        usage: 'off_session',
        metadata: { userId: session.user_id },
      });
      await this.webhooks.send('checkout.session.completed', {
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
      await this.webhooks.send('payment_intent.succeeded', paymentIntentObject(rows[0]));
      if (card?.behaviour === 'dispute') await this.disputes.open(rows[0]);
      if (session.mode === 'payment') {
        await this.webhooks.send('checkout.session.completed', {
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

  private async failPayment(
    paymentId: string,
    code: string,
    message: string,
    status: 'requires_payment_method' | 'failed' = 'requires_payment_method',
  ): Promise<void> {
    const { rows } = await this.pool.query<PaymentRow>(`UPDATE demo_pay_payments SET status = $2 WHERE id = $1 AND status <> 'succeeded' RETURNING *`, [
      paymentId,
      status,
    ]);
    if (rows[0]) await this.webhooks.send('payment_intent.payment_failed', { ...paymentIntentObject(rows[0]), last_payment_error: { code, message } });
  }

  private async sessionRow(sessionId: string): Promise<SessionRow | null> {
    const { rows } = await this.pool.query<SessionRow>(`SELECT * FROM demo_pay_sessions WHERE id = $1`, [sessionId]);
    return rows[0] ?? null;
  }

  private returnTo(session: Pick<SessionRow, 'mode' | 'return_url'>, outcome: 'success' | 'cancelled' | 'failed'): string {
    const url = new URL(session.return_url, this.publicUrl);
    url.searchParams.set(session.mode === 'setup' ? 'setup' : 'payment', outcome);
    return url.toString();
  }
}
