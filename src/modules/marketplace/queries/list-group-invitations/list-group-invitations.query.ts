import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** An invitation to someone else's group, as its invitee sees it: the group and who invited them. */
export type GroupInvitationToMe = { groupId: string; groupName: string; ownerName: string; ownerEmail: string; invitedAt: string };

/** The open invitations to the address this user signs in with (also those made before their account was), newest first. */
export async function invitationsTo(db: SqlClient, userId: string, email: string): Promise<GroupInvitationToMe[]> {
  const { rows } = await db.query<GroupInvitationToMe>(
    `SELECT g.group_id AS "groupId", g.name AS "groupName", coalesce(nullif(u.display_name, ''), u.email) AS "ownerName", u.email AS "ownerEmail",
            i.invited_at AS "invitedAt"
       FROM agent_group_invitations i JOIN agent_groups g ON g.group_id = i.group_id JOIN user_directory u ON u.id = g.owner_id
      WHERE i.email = $1 AND g.owner_id <> $2 ORDER BY i.invited_at DESC, g.group_id LIMIT 500`,
    [email.trim().toLowerCase(), userId],
  );
  return rows;
}
