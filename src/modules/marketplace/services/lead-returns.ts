import { DomainError } from '../../../platform/domain/domain-error.js';
import { ApiError } from '../../../platform/http/api-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';

/** The lead a return is about (the returns read model), or 404. */
export async function leadOfReturn(db: SqlClient, returnId: string): Promise<string> {
  const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM rm_lead_returns WHERE return_id = $1', [returnId]);
  if (!rows[0]) throw new DomainError('RETURN_NOT_FOUND', 'No such return.', 404);
  return rows[0].lead_id;
}

/** An aged or business purchase has no campaign and is sold as it is; a lead the owner does not have is left to the decider's 404. */
export async function refuseAgedReturn(db: SqlClient, leadId: string, ownerId: string): Promise<void> {
  const { rows } = await db.query<{ campaign_id: string | null; source: string | null }>(
    `SELECT o.campaign_id, l.source FROM rm_owned_leads o LEFT JOIN rm_leads l ON l.lead_id = o.lead_id WHERE o.lead_id = $1 AND o.owner_id = $2`,
    [leadId, ownerId],
  );
  if (rows[0] && rows[0].campaign_id === null) {
    const what = rows[0].source === 'business' ? 'Business leads' : 'Aged leads';
    throw new ApiError(409, 'AGED_NOT_RETURNABLE', `${what} are sold as they are and cannot be returned.`);
  }
}
