import { Migration } from '@mikro-orm/migrations';

/** The leads read models: every lead received, and who bought it (My Leads). */
export class Migration0027MyLeads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_leads (
        lead_id uuid PRIMARY KEY,
        vendor_id uuid NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text NOT NULL,
        email text,
        state text NOT NULL,
        zip text NOT NULL,
        date_of_birth date,
        age integer,
        source text NOT NULL,
        tier text NOT NULL,
        consent_text text NOT NULL,
        consent_at timestamptz NOT NULL,
        duplicate_of uuid,
        status text NOT NULL CHECK (status IN ('new', 'sold', 'unsold', 'duplicate')),
        buyers integer NOT NULL DEFAULT 0,
        received_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_leads_unsold ON rm_leads (source, received_at) WHERE status = 'unsold'`);
    this.addSql(`
      CREATE TABLE rm_owned_leads (
        lead_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        campaign_id uuid,
        price_cents integer NOT NULL,
        bought_at timestamptz NOT NULL,
        PRIMARY KEY (lead_id, owner_id)
      )`);
    this.addSql(`CREATE INDEX rm_owned_leads_owner ON rm_owned_leads (owner_id, bought_at DESC, lead_id)`);
  }
}
