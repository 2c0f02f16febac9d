import { randomBytes } from 'node:crypto';
import type pg from 'pg';

import type { ProviderPayment } from '../../contracts/card-payments.port.js';
import type { CardBehaviour } from './demo-cards.js';

/** A row of demo_pay_payments. */
export type PaymentRow = {
  id: string;
  user_id: string;
  amount_cents: number;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  auto_recharge: boolean;
  card_id: string | null;
  created_at: Date;
  succeeded_at: Date | null;
};

/** A card typed on the hosted page, kept on its session while the bank's authentication step is open. */
export type PendingCard = { brand: string; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour };

/** Ids shaped like Stripe's (`pi_`, `cs_`, `pm_`, `re_`, `evt_`), marked as the demo's. */
export const newDemoId = (prefix: string) => `${prefix}_demo_${randomBytes(16).toString('hex')}`;

export async function paymentRow(pool: pg.Pool, paymentId: string): Promise<PaymentRow | null> {
  const { rows } = await pool.query<PaymentRow>(`SELECT * FROM demo_pay_payments WHERE id = $1`, [paymentId]);
  return rows[0] ?? null;
}

/** A payment as Stripe's payment_intent object, for the provider's webhooks. */
export function paymentIntentObject(row: PaymentRow): Record<string, unknown> {
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

export function toProviderPayment(row: PaymentRow): ProviderPayment {
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
