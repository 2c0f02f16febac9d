import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type GroupMember = { memberId: string; name: string; email: string; addedAt: string };
/** An address invited and not yet answered: shown as typed, whoever (if anyone) has it. */
export type GroupInvitation = { email: string; status: 'invited'; invitedAt: string };
export type GroupView = { groupId: string; name: string; createdAt: string; members: GroupMember[]; invitations: GroupInvitation[] };

/** One of the owner's groups with its members by name (or e-mail) and its open invitations; null when the owner has no such group. */
export async function groupOf(db: SqlClient, ownerId: string, groupId: string): Promise<GroupView | null> {
  const { rows } = await db.query<{ groupId: string; name: string; createdAt: string }>(
    'SELECT group_id AS "groupId", name, created_at AS "createdAt" FROM agent_groups WHERE group_id = $1 AND owner_id = $2',
    [groupId, ownerId],
  );
  if (!rows[0]) return null;
  const { rows: members } = await db.query<GroupMember>(
    `SELECT m.member_id AS "memberId", coalesce(nullif(u.display_name, ''), u.email) AS name, u.email, m.added_at AS "addedAt"
       FROM agent_group_members m JOIN user_directory u ON u.id = m.member_id
      WHERE m.group_id = $1 ORDER BY lower(coalesce(nullif(u.display_name, ''), u.email))`,
    [groupId],
  );
  const { rows: invitations } = await db.query<GroupInvitation>(
    `SELECT email, 'invited' AS status, invited_at AS "invitedAt" FROM agent_group_invitations WHERE group_id = $1 ORDER BY email`,
    [groupId],
  );
  return { ...rows[0], members, invitations };
}
