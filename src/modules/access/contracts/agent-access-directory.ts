import type { SqlClient } from '../../../platform/persistence/sql.js';

/** Until when each of these users has elevated access from an access code, by user id; users without it now are left out. */
export async function elevatedUntilOf(db: SqlClient, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: string; elevated_until: Date }>(
    'SELECT user_id::text AS user_id, elevated_until FROM rm_agent_access WHERE user_id = ANY($1::uuid[]) AND elevated_until > now()',
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.elevated_until]));
}
