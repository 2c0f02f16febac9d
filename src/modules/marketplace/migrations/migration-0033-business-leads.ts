import { Migration } from '@mikro-orm/migrations';

/**
 * Business leads (the testing page's purchase-business-leads): a lead of source business has a
 * company name, a city and the vendor's lead source. They are sold by the piece from the same
 * inventory and orders as aged leads, told apart by kind; a business order has a campaign name
 * and a city filter, and matches any tier.
 */
export class Migration0033BusinessLeads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE aged_inventory ADD COLUMN kind text NOT NULL DEFAULT 'aged' CHECK (kind IN ('aged', 'business')), ADD COLUMN city text`);
    this.addSql(`CREATE INDEX aged_inventory_business ON aged_inventory (state, added_at) WHERE order_id IS NULL AND kind = 'business'`);
    this.addSql(
      `ALTER TABLE aged_orders ADD COLUMN kind text NOT NULL DEFAULT 'aged' CHECK (kind IN ('aged', 'business')), ADD COLUMN campaign text, ADD COLUMN city text, ALTER COLUMN tier DROP NOT NULL`,
    );
    this.addSql(`ALTER TABLE rm_leads ADD COLUMN company_name text, ADD COLUMN city text, ADD COLUMN lead_source_id text`);
    this.addSql(`ALTER TABLE rm_owned_leads ADD COLUMN campaign_name text`);
  }
}
