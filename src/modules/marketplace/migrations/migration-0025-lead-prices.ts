import { Migration } from '@mikro-orm/migrations';

/** The price of a lead per source and tier, kept by admins; a lead's price is fixed when it is offered. */
export class Migration0025LeadPrices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE lead_prices (
        source text NOT NULL,
        tier text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents > 0 AND price_cents <= 100000),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source, tier)
      )`);
    this.addSql(`
      INSERT INTO lead_prices (source, tier, price_cents) VALUES
        ('data_leads', 'basic', 500), ('data_leads', 'premium', 1000), ('data_leads', 'exclusive', 2500),
        ('smm_leads', 'basic', 400), ('smm_leads', 'premium', 800)`);
  }
}
