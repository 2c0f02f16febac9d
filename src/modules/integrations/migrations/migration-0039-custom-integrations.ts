import { Migration } from '@mikro-orm/migrations';

/**
 * Custom integrations (spec: "Custom integration") are rows of integration_configs
 * with provider 'custom', so the delivery pipeline reads every integration alike
 * (integration_id, user_id, provider, is_active, settings). An agent has at most one row per
 * provider, but as many custom ones as they add: the unique constraint becomes a partial
 * unique index. A deleted custom integration keeps its row (deleted_at, inactive, secrets
 * gone), so its delivery history stays readable.
 */
export class Migration0039CustomIntegrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE integration_configs DROP CONSTRAINT integration_configs_provider_check`);
    this.addSql(
      `ALTER TABLE integration_configs ADD CONSTRAINT integration_configs_provider_check CHECK (provider IN ('onlysales', 'textdrip', 'email', 'ringy', 'vanillasoft', 'custom'))`,
    );
    this.addSql(`ALTER TABLE integration_configs DROP CONSTRAINT integration_configs_user_id_provider_key`);
    this.addSql(`CREATE UNIQUE INDEX integration_configs_one_per_provider ON integration_configs (user_id, provider) WHERE provider <> 'custom'`);
    this.addSql(`ALTER TABLE integration_configs ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
    this.addSql(`ALTER TABLE integration_configs ADD COLUMN deleted_at timestamptz`);
    this.addSql(`ALTER TABLE integration_configs ADD CONSTRAINT integration_configs_deleted_inactive CHECK (deleted_at IS NULL OR NOT is_active)`);
    this.addSql(
      `CREATE INDEX integration_configs_custom_by_user ON integration_configs (user_id, created_at) WHERE provider = 'custom' AND deleted_at IS NULL`,
    );
  }
}
