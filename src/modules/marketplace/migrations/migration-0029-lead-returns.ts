import { Migration } from '@mikro-orm/migrations';

/** Lead returns: the admins' review queue, and a lead's status once a return is approved. */
export class Migration0029LeadReturns extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE rm_leads DROP CONSTRAINT rm_leads_status_check`);
    this.addSql(`ALTER TABLE rm_leads ADD CONSTRAINT rm_leads_status_check CHECK (status IN ('new', 'sold', 'unsold', 'duplicate', 'returned'))`);
    this.addSql(`
      CREATE TABLE rm_lead_returns (
        return_id uuid PRIMARY KEY,
        lead_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        campaign_id uuid,
        price_cents integer NOT NULL,
        reason text NOT NULL,
        comment text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
        deny_reason text,
        reviewer_id uuid,
        requested_at timestamptz NOT NULL,
        reviewed_at timestamptz,
        UNIQUE (lead_id, owner_id)
      )`);
    this.addSql(`CREATE INDEX rm_lead_returns_queue ON rm_lead_returns (status, requested_at)`);
  }
}
