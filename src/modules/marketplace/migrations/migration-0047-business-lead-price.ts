import { Migration } from '@mikro-orm/migrations';

/**
 * Business leads join the price table: an agent buys them at the price admins set, as every
 * other lead sold by the piece. Only an admin on the testing page may name another price; the
 * order keeps that it did, so its wallet line says so whichever step charges it.
 */
export class Migration0047BusinessLeadPrice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE aged_orders ADD COLUMN admin_priced boolean NOT NULL DEFAULT false`);
    this.addSql(`INSERT INTO lead_prices (source, tier, price_cents) VALUES ('business', 'basic', 500) ON CONFLICT (source, tier) DO NOTHING`);
  }
}
