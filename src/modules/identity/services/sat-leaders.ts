import type { SqlClient } from '../../../platform/persistence/sql.js';

/**
 * Who an agent may have as SAT leader: an enabled account marked SAT leader, other than the
 * configured excluded address (SAT_LEADER_EXCLUDED_EMAIL). `p` and `u` are the leader's profile
 * and user rows; `excluded` the parameter holding that address.
 */
const choosable = (excluded: string) => `p.title_code = 'Satellite' AND u.disabled_at IS NULL AND p.email <> coalesce(${excluded}, '')`;

/** The SAT leaders an agent may choose or be given, by display name. */
export async function choosableSatLeaders(db: SqlClient, excludedEmail: string | undefined) {
  const { rows } = await db.query<{ id: string; display_name: string | null; email: string }>(
    `SELECT p.user_id AS id, p.display_name, p.email FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE ${choosable('$1')} ORDER BY p.display_name NULLS LAST`,
    [excludedEmail ?? null],
  );
  return rows;
}

/** The e-mail of SAT leader `leaderId` when an agent may have them (stored as the agent's sat_manager_email), else null. */
export async function choosableSatLeaderEmail(db: SqlClient, leaderId: string, excludedEmail: string | undefined): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT p.email FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.user_id = $1 AND ${choosable('$2')}`,
    [leaderId, excludedEmail ?? null],
  );
  return rows[0]?.email ?? null;
}
