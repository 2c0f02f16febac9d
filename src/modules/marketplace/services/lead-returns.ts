import { DomainError } from '../../../platform/domain/domain-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';

/** The lead a return is about (the returns read model), or 404. */
export async function leadOfReturn(db: SqlClient, returnId: string): Promise<string> {
  const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM rm_lead_returns WHERE return_id = $1', [returnId]);
  if (!rows[0]) throw new DomainError('RETURN_NOT_FOUND', 'No such return.', 404);
  return rows[0].lead_id;
}
