import { Migration } from '@mikro-orm/migrations';

/** The answers of money commands by Idempotency-Key, kept 24 hours (Stripe's window). */
export class Migration0014IdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status integer,
        body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
    this.addSql(`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }
}
