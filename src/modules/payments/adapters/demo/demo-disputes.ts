import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { ProviderDispute } from '../../contracts/card-payments.port.js';
import type { PaymentRow } from './demo-pay-records.js';
import type { DemoWebhookSender } from './demo-webhook-sender.js';

/** The demo provider's disputes: a 4000 0000 0000 0259 payment opens one; an admin plays the bank and closes it. */
export class DemoDisputes {
  constructor(
    private readonly pool: pg.Pool,
    private readonly webhooks: DemoWebhookSender,
  ) {}

  async get(disputeId: string): Promise<ProviderDispute | null> {
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

  /** The bank's decision on a dispute: won returns the money, lost keeps it taken. */
  async close(disputeId: string, outcome: 'won' | 'lost'): Promise<ProviderDispute> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE demo_pay_disputes SET status = $2, closed_at = now() WHERE id = $1 AND status = 'needs_response' RETURNING id`,
      [disputeId, outcome],
    );
    const dispute = await this.get(disputeId);
    if (!dispute) throw new DomainError('DISPUTE_NOT_FOUND', 'No such dispute.', 404);
    if (!rows[0]) throw new DomainError('DISPUTE_CLOSED', `This dispute is already ${dispute.status}.`, 409);
    await this.webhooks.send('charge.dispute.closed', disputeObject(dispute, outcome));
    return dispute;
  }

  /** Opens the one dispute of a succeeded payment made with the disputing card. */
  async open(payment: PaymentRow): Promise<void> {
    const id = `dp_demo_${payment.id.slice('pi_demo_'.length)}`;
    const { rowCount } = await this.pool.query(
      `INSERT INTO demo_pay_disputes (id, payment_id, amount_cents, status) VALUES ($1, $2, $3, 'needs_response') ON CONFLICT (payment_id) DO NOTHING`,
      [id, payment.id, payment.amount_cents],
    );
    if (rowCount) {
      const dispute = (await this.get(id))!;
      await this.webhooks.send('charge.dispute.created', disputeObject(dispute, 'needs_response'));
    }
  }
}

function disputeObject(dispute: ProviderDispute, status: string): Record<string, unknown> {
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
