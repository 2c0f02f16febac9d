import type { SqlClient } from '../../../platform/persistence/sql.js';

/** The price table's price per lead of a source and tier now, in cents; null when none was ever set. */
export async function leadPriceCents(db: SqlClient, source: string, tier: string): Promise<number | null> {
  const { rows } = await db.query<{ price_cents: number }>('SELECT price_cents FROM lead_prices WHERE source = $1 AND tier = $2', [source, tier]);
  return rows[0]?.price_cents ?? null;
}
