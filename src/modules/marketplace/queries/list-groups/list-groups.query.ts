import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** The owner's groups with their member counts and open invitations, by name. */
export async function groupsOf(db: SqlClient, ownerId: string) {
  const { rows } = await db.query(
    `SELECT g.group_id AS "groupId", g.name, g.created_at AS "createdAt",
            (SELECT count(*)::int FROM agent_group_members m WHERE m.group_id = g.group_id) AS "memberCount",
            (SELECT count(*)::int FROM agent_group_invitations i WHERE i.group_id = g.group_id) AS "invitedCount"
       FROM agent_groups g WHERE g.owner_id = $1 ORDER BY lower(g.name)`,
    [ownerId],
  );
  return rows;
}

/** Every group of the owner's with each member (name, e-mail); a group without members is one row with its name only. Invitations are not members, so they are left out. */
export async function groupMembershipsOf(db: SqlClient, ownerId: string) {
  const { rows } = await db.query<{ group: string; name: string | null; email: string | null }>(
    `SELECT g.name AS "group", coalesce(nullif(u.display_name, ''), u.email) AS name, u.email
       FROM agent_groups g LEFT JOIN agent_group_members m ON m.group_id = g.group_id LEFT JOIN user_directory u ON u.id = m.member_id
      WHERE g.owner_id = $1 ORDER BY lower(g.name), lower(coalesce(nullif(u.display_name, ''), u.email))`,
    [ownerId],
  );
  return rows;
}
