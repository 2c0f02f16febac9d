import { Migration } from '@mikro-orm/migrations';

/**
 * Card payments: the webhook inbox (stored first, deduplicated by the provider's event id) and
 * the demo card provider's own records (its webhook secret, hosted sessions, payments, refunds
 * and saved cards), which stand in for Stripe's on the embedded default.
 */
export class Migration0016Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE payment_webhook_events (
        event_id text PRIMARY KEY,
        provider text NOT NULL,
        type text NOT NULL,
        object_id text NOT NULL,
        event_created_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        outcome text
      )`);
    this.addSql(`CREATE INDEX payment_webhook_events_unprocessed ON payment_webhook_events (received_at) WHERE processed_at IS NULL`);
    this.addSql(`
      CREATE TABLE demo_pay_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        webhook_secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE demo_pay_cards (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month integer NOT NULL,
        exp_year integer NOT NULL,
        behaviour text NOT NULL CHECK (behaviour IN ('succeed', 'decline', 'authenticate')),
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    this.addSql(`CREATE INDEX demo_pay_cards_user ON demo_pay_cards (user_id) WHERE deleted_at IS NULL`);
    this.addSql(`CREATE UNIQUE INDEX demo_pay_cards_one_default ON demo_pay_cards (user_id) WHERE is_default AND deleted_at IS NULL`);
    this.addSql(`
      CREATE TABLE demo_pay_payments (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
        auto_recharge boolean NOT NULL DEFAULT false,
        card_id text REFERENCES demo_pay_cards (id),
        idempotency_key text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        succeeded_at timestamptz
      )`);
    this.addSql(`CREATE INDEX demo_pay_payments_created ON demo_pay_payments (created_at)`);
    this.addSql(`
      CREATE TABLE demo_pay_sessions (
        id text PRIMARY KEY,
        mode text NOT NULL CHECK (mode IN ('payment', 'setup', 'authentication')),
        user_id uuid NOT NULL,
        email text NOT NULL,
        payment_id text REFERENCES demo_pay_payments (id),
        status text NOT NULL CHECK (status IN ('open', 'processing', 'requires_action', 'complete', 'expired')),
        pending_card jsonb,
        return_url text NOT NULL,
        idempotency_key text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE demo_pay_refunds (
        id text PRIMARY KEY,
        payment_id text NOT NULL REFERENCES demo_pay_payments (id),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        idempotency_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
