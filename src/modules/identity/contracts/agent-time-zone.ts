import type { SqlClient } from '../../../platform/persistence/sql.js';

/**
 * The zone a user's screens, exports and e-mails use: the one they chose on their profile, or
 * the organisation's (`orgZone`, ORG_TIME_ZONE) when they chose none.
 */
export async function agentTimeZone(db: SqlClient, userId: string, orgZone: string): Promise<string> {
  const { rows } = await db.query<{ timezone: string | null }>('SELECT timezone FROM profiles WHERE user_id = $1', [userId]);
  return rows[0]?.timezone ?? orgZone;
}
