import { Migration } from '@mikro-orm/migrations';

/** "Why no leads?": each lead a campaign was offered or passed over for, and why it did not buy. */
export class Migration0031CampaignOffers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_campaign_offers (
        campaign_id uuid NOT NULL,
        lead_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('bought', 'passed')),
        reason text,
        price_cents integer,
        at timestamptz NOT NULL,
        PRIMARY KEY (campaign_id, lead_id)
      )`);
    this.addSql(`CREATE INDEX rm_campaign_offers_latest ON rm_campaign_offers (campaign_id, at DESC)`);
    // "Why no leads?" lists the latest leads of a campaign's source and tier.
    this.addSql(`CREATE INDEX rm_leads_kind_latest ON rm_leads (source, tier, received_at DESC)`);
  }
}
