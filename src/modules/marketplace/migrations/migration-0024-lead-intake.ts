import { Migration } from '@mikro-orm/migrations';

/**
 * Lead intake: the vendors whose API keys may post leads (only a key's hash is
 * kept), each accepted lead once per vendor's own id, and the phone numbers and e-mail
 * addresses seen, so a lead with the same contact within the duplicate window is never sold twice.
 */
export class Migration0024LeadIntake extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE lead_vendors (
        vendor_id uuid PRIMARY KEY,
        name text NOT NULL,
        key_prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    this.addSql(`
      CREATE TABLE intake_leads (
        lead_id uuid PRIMARY KEY,
        vendor_id uuid NOT NULL REFERENCES lead_vendors (vendor_id),
        external_id text,
        duplicate_of uuid,
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (vendor_id, external_id)
      )`);
    this.addSql(`
      CREATE TABLE lead_contacts (
        contact text PRIMARY KEY,
        lead_id uuid NOT NULL,
        seen_at timestamptz NOT NULL
      )`);
  }
}
