import { Migration } from '@mikro-orm/migrations';

/**
 * Aged orders on a large inventory (found by the wallet-debit benchmark, a million leads in
 * stock): an order claims the oldest available leads of a tier (`ORDER BY added_at, lead_id`),
 * most often without a states filter, and the index of 0028 leads with the state, so each claim
 * sorted every available lead of the tier (1.4 s; 10 ms with the first index below). Completing
 * or releasing an order finds its leads by `order_id`, which had no index: a scan of the whole
 * inventory per order (the second index).
 */
export class Migration0035AgedInventoryByTier extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX aged_inventory_by_tier ON aged_inventory (tier, added_at, lead_id) WHERE order_id IS NULL`);
    this.addSql(`CREATE INDEX aged_inventory_order ON aged_inventory (order_id) WHERE order_id IS NOT NULL`);
  }
}
