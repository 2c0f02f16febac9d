import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';

export type ReturnStatus = 'pending' | 'approved' | 'denied';

type ReturnRow = Record<string, unknown> & { readonly returnId: string; readonly leadId: string; readonly ownerId: string };

/** The returns review queue: the returns of one status, oldest first, with the agent's e-mail and the lead. */
export async function leadReturnsWithStatus(db: SqlClient, status: ReturnStatus): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<ReturnRow>(
    `SELECT r.return_id AS "returnId", r.lead_id AS "leadId", r.owner_id AS "ownerId", r.price_cents AS "priceCents", r.reason, r.comment, r.status,
            r.deny_reason AS "denyReason", r.requested_at AS "requestedAt", r.reviewed_at AS "reviewedAt", r.ticket_id AS "ticketId", l.first_name || ' ' || l.last_name AS "leadName", l.phone AS "leadPhone", l.state AS "leadState"
       FROM rm_lead_returns r LEFT JOIN rm_leads l ON l.lead_id = r.lead_id
      WHERE r.status = $1 ORDER BY r.requested_at LIMIT 500`,
    [status],
  );
  const owners = await userLabels(
    db,
    rows.map((row) => row.ownerId),
  );
  // Accounts are never deleted, so every owner has a label; the queue lists what it can label.
  return rows
    .filter((row) => owners.has(row.ownerId))
    .map(({ returnId, leadId, ownerId, ...rest }) => ({ returnId, leadId, ownerId, ownerEmail: owners.get(ownerId)!.email, ...rest }));
}
