import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** Someone else's group this user joined: its owner may give them leads. */
export type GroupMembership = { groupId: string; groupName: string; ownerName: string; ownerEmail: string; joinedAt: string };

/** The other agents' groups this user is a member of, by name. */
export async function membershipsOf(db: SqlClient, userId: string): Promise<GroupMembership[]> {
  const { rows } = await db.query<GroupMembership>(
    `SELECT g.group_id AS "groupId", g.name AS "groupName", coalesce(nullif(u.display_name, ''), u.email) AS "ownerName", u.email AS "ownerEmail",
            m.added_at AS "joinedAt"
       FROM agent_group_members m JOIN agent_groups g ON g.group_id = m.group_id JOIN user_directory u ON u.id = g.owner_id
      WHERE m.member_id = $1 ORDER BY lower(g.name), g.group_id LIMIT 2000`,
    [userId],
  );
  return rows;
}
