import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** How many aged leads of a tier (in these states; none: any) are for sale now. */
export async function agedLeadsAvailable(db: SqlClient, tier: string, states: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ available: number }>(
    `SELECT count(*)::int AS available FROM aged_inventory WHERE order_id IS NULL AND kind = 'aged' AND tier = $1 AND (cardinality($2::text[]) = 0 OR state = ANY($2::text[]))`,
    [tier, states],
  );
  return rows[0]!.available;
}
