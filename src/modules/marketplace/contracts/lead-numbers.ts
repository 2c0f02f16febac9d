import type { SqlClient } from '../../../platform/persistence/sql.js';

/**
 * Each lead's number (intake_leads.lead_number, given when the lead is received): the numeric
 * lead id people type, e.g. on the testing page. Answers number → lead id for those that exist.
 */
export async function leadIdsByNumber(db: SqlClient, numbers: readonly number[]): Promise<Map<number, string>> {
  if (numbers.length === 0) return new Map();
  const { rows } = await db.query<{ lead_number: string; lead_id: string }>(
    'SELECT lead_number, lead_id FROM intake_leads WHERE lead_number = ANY($1::bigint[])',
    [numbers],
  );
  return new Map(rows.map((row) => [Number(row.lead_number), row.lead_id]));
}
