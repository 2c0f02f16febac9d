import { Migration } from '@mikro-orm/migrations';

/** The Stripe customer of each agent: created once, the first time the agent pays or saves a card. */
export class Migration0022StripeCustomers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE stripe_customers (
        user_id uuid PRIMARY KEY,
        customer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
