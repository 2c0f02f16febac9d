import { Migration } from '@mikro-orm/migrations';

/**
 * Aged leads: the inventory of leads for sale in packages (unsold leads after they
 * age, and imported ones), each claimed by at most one order, and the orders.
 */
export class Migration0028AgedLeads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE aged_inventory (
        lead_id uuid PRIMARY KEY,
        tier text NOT NULL,
        state text NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        order_id uuid
      )`);
    this.addSql(`CREATE INDEX aged_inventory_available ON aged_inventory (tier, state, added_at) WHERE order_id IS NULL`);
    this.addSql(`
      CREATE TABLE aged_orders (
        order_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        tier text NOT NULL,
        states jsonb NOT NULL,
        package_quantity integer NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        price_cents integer NOT NULL CHECK (price_cents > 0),
        status text NOT NULL CHECK (status IN ('claimed', 'charged', 'placed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
