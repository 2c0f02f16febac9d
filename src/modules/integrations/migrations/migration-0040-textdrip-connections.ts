import { Migration } from '@mikro-orm/migrations';

/**
 * Textdrip connection requests: each Connect an agent starts opens Textdrip's page
 * with a random `state`, kept here only as its SHA-256, bound to the agent and to the
 * `network_id` the agent's window chose, and good for 10 minutes. Textdrip's return uses it
 * once (`used_at`); the outcome stays so the window that opened it can ask (claim) what became
 * of it. Whether Textdrip is connected is the textdrip row of integration_configs.
 */
export class Migration0040TextdripConnections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE textdrip_connection_requests (
        state_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        network_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        outcome text CHECK (outcome IN ('connected', 'failed')),
        failure text,
        UNIQUE (user_id, network_id),
        CHECK ((outcome IS NULL) OR (used_at IS NOT NULL))
      )`);
    this.addSql('CREATE INDEX textdrip_connection_requests_expires ON textdrip_connection_requests (expires_at)');
  }
}
