import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type ReturnStatus = 'pending' | 'approved' | 'denied';

/** The returns review queue: the returns of one status, oldest first, with the agent's e-mail and the lead. */
export async function leadReturnsWithStatus(db: SqlClient, status: ReturnStatus): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(
    `SELECT r.return_id AS "returnId", r.lead_id AS "leadId", r.owner_id AS "ownerId", u.email AS "ownerEmail", r.price_cents AS "priceCents", r.reason, r.comment, r.status,
            r.deny_reason AS "denyReason", r.requested_at AS "requestedAt", r.reviewed_at AS "reviewedAt", l.first_name || ' ' || l.last_name AS "leadName", l.phone AS "leadPhone", l.state AS "leadState"
       FROM rm_lead_returns r JOIN users u ON u.id = r.owner_id LEFT JOIN rm_leads l ON l.lead_id = r.lead_id
      WHERE r.status = $1 ORDER BY r.requested_at LIMIT 500`,
    [status],
  );
  return rows;
}
