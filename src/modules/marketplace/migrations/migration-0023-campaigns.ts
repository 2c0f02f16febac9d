import { Migration } from '@mikro-orm/migrations';

/** The campaigns read model: each agent's campaigns with budget, spend and lead count. */
export class Migration0023Campaigns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_campaigns (
        campaign_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        name text NOT NULL,
        source text NOT NULL,
        tier text NOT NULL,
        status text NOT NULL CHECK (status IN ('funding', 'active', 'paused', 'unfunded', 'ended')),
        budget_cents bigint NOT NULL,
        spent_cents bigint NOT NULL DEFAULT 0,
        lead_count integer NOT NULL DEFAULT 0,
        targeting jsonb NOT NULL,
        status_reason text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_campaigns_owner ON rm_campaigns (owner_id, created_at DESC)`);
  }
}
