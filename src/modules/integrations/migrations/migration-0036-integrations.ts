import { Migration } from '@mikro-orm/migrations';

/**
 * Integrations: each agent's connection to each provider, its plain settings, and
 * its secrets apart, encrypted (platform/secrets), with their last four characters to show.
 */
export class Migration0036Integrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE integration_configs (
        integration_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        provider text NOT NULL CHECK (provider IN ('onlysales', 'textdrip', 'email', 'ringy', 'vanillasoft')),
        is_active boolean NOT NULL,
        settings jsonb NOT NULL DEFAULT '{}',
        connected_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, provider)
      )`);
    this.addSql(`
      CREATE TABLE integration_secrets (
        integration_id uuid NOT NULL REFERENCES integration_configs (integration_id) ON DELETE CASCADE,
        name text NOT NULL,
        value text NOT NULL,
        last4 text NOT NULL,
        PRIMARY KEY (integration_id, name)
      )`);
  }
}
