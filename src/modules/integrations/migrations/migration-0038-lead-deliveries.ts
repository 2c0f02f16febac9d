import { Migration } from '@mikro-orm/migrations';

/**
 * Lead delivery: each bought or assigned lead becomes one delivery per matching
 * integration (unique by lead and integration), each attempt logged with its answer's first
 * 2 KB; an integration remembers since when its deliveries keep failing, and why it was
 * turned off automatically; its destinations say which sources and campaigns go to it.
 */
export class Migration0038LeadDeliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE integration_configs
        ADD COLUMN destinations jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN failing_since timestamptz,
        ADD COLUMN disabled_at timestamptz,
        ADD COLUMN disabled_reason text`);
    this.addSql(`
      CREATE TABLE lead_deliveries (
        delivery_id uuid PRIMARY KEY,
        integration_id uuid NOT NULL REFERENCES integration_configs (integration_id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        lead_id uuid,
        is_test boolean NOT NULL DEFAULT false,
        purchase jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'held', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        final_attempt boolean NOT NULL DEFAULT false,
        next_attempt_at timestamptz,
        last_status integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        succeeded_at timestamptz,
        CHECK (is_test OR lead_id IS NOT NULL)
      )`);
    this.addSql(`CREATE UNIQUE INDEX lead_deliveries_once ON lead_deliveries (lead_id, integration_id) WHERE NOT is_test`);
    this.addSql(`CREATE INDEX lead_deliveries_by_integration ON lead_deliveries (integration_id, created_at DESC, delivery_id)`);
    this.addSql(`CREATE INDEX lead_deliveries_by_user ON lead_deliveries (user_id, created_at DESC, delivery_id)`);
    this.addSql(`
      CREATE TABLE delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES lead_deliveries (delivery_id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('automatic', 'manual', 'test', 'replay')),
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status integer,
        ok boolean NOT NULL,
        error text,
        response_preview text NOT NULL DEFAULT '',
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }
}
