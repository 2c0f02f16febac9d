import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** An agent's returns, newest first, with their status and, when denied, why. */
export async function myLeadReturns(db: SqlClient, ownerId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(
    `SELECT return_id AS "returnId", lead_id AS "leadId", price_cents AS "priceCents", reason, comment, status, deny_reason AS "denyReason", requested_at AS "requestedAt", reviewed_at AS "reviewedAt"
       FROM rm_lead_returns WHERE owner_id = $1 ORDER BY requested_at DESC LIMIT 500`,
    [ownerId],
  );
  return rows;
}
