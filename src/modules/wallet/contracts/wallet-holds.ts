import type { SqlClient } from '../../../platform/persistence/sql.js';

/** What a hold has captured so far, from the wallet's read model (0 for a hold it does not show yet). */
export async function capturedCents(db: SqlClient, holdId: string): Promise<number> {
  const { rows } = await db.query<{ captured_cents: string }>('SELECT captured_cents FROM rm_wallet_holds WHERE hold_id = $1', [holdId]);
  return Number(rows[0]?.captured_cents ?? 0);
}
