import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { TIERS } from '../../contracts/campaign-events.js';
import { PRICED_SOURCES } from '../../domain/priced-sources.js';

/** Every priced source and tier with its price per lead (cents; null when none was set), and when it was set. */
export async function leadPrices(db: SqlClient) {
  const { rows } = await db.query<{ source: string; tier: string; priceCents: number; updatedAt: string | null }>(
    `SELECT source, tier, price_cents AS "priceCents", updated_at AS "updatedAt" FROM lead_prices`,
  );
  return PRICED_SOURCES.flatMap((source) =>
    TIERS[source].map((tier) => rows.find((row) => row.source === source && row.tier === tier) ?? { source, tier, priceCents: null, updatedAt: null }),
  );
}
