import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type Assignee = { readonly userId: string; readonly email: string; readonly name: string | null };

/** The members of the owner's groups, each once, by name (or e-mail when they have none). */
export async function assigneesOf(db: SqlClient, ownerId: string): Promise<Assignee[]> {
  const { rows } = await db.query<Assignee>(
    `SELECT DISTINCT ON (u.id) u.id AS "userId", u.email, u.display_name AS "name"
       FROM agent_groups g JOIN agent_group_members m ON m.group_id = g.group_id JOIN user_directory u ON u.id = m.member_id
      WHERE g.owner_id = $1 ORDER BY u.id LIMIT 2000`,
    [ownerId],
  );
  return rows.sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
}
