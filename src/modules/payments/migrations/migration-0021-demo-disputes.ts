import { Migration } from '@mikro-orm/migrations';

/** The demo card provider's disputes (its 4000 0000 0000 0259 test card is disputed after it pays, as in Stripe's test mode). */
export class Migration0021DemoDisputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE demo_pay_disputes (
        id text PRIMARY KEY,
        payment_id text NOT NULL UNIQUE REFERENCES demo_pay_payments (id),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('needs_response', 'won', 'lost')),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`);
  }
}
