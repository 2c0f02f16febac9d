import { DomainError } from '../../../platform/domain/domain-error.js';
import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import { userLabels } from '../../identity/contracts/user-directory.js';

/**
 * An agent's groups are state-based rows (agent_groups, agent_group_members,
 * agent_group_invitations), each change recorded as an event on the group's stream through the
 * outbox. Another agent's group is "not found". Names are unique per owner, whatever the letter
 * case. Nobody is put in a group without consent: the owner invites an e-mail address, and the
 * person signed in with it accepts (a member) or declines. An invitation is kept and answered
 * alike whether or not an account has the address, so groups tell nobody who has an account;
 * until accepted it gets no leads and shows only as the address typed.
 */
export const groupStream = (groupId: string) => `agent-group-${groupId}`;

/** The realtime topic of the owner's /groups pages: told after each committed change, so their other tabs follow. */
export const GROUPS_TOPIC = 'groups';
export const publishGroupsChanged = (realtime: RealtimeHub, ...userIds: string[]) =>
  realtime.publish(userIds.map((userId) => ({ userId, topic: GROUPS_TOPIC })));
export const MAX_GROUP_NAME = 80;
export const MAX_GROUP_MEMBERS = 500;

/** Records one change of a group, in the transaction that made it. */
export const recordGroupEvent = (tx: SqlClient, context: CommandContext, group: { groupId: string; ownerId: string }, type: string, data: object = {}) =>
  recordInOutbox(tx, groupStream(group.groupId), [newEvent(type, { groupId: group.groupId, ownerId: group.ownerId, ...data }, context)]);

export function validGroupName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new DomainError('GROUP_NAME_REQUIRED', 'Please enter a group name.', 400);
  if (name.length > MAX_GROUP_NAME) throw new DomainError('GROUP_NAME_TOO_LONG', `A group name is at most ${MAX_GROUP_NAME} characters.`, 400);
  return name;
}

/** Locks the group for this change; its owner, or null when there is no such group. */
export async function lockGroup(tx: SqlClient, groupId: string): Promise<string | null> {
  const { rows } = await tx.query<{ owner_id: string }>('SELECT owner_id FROM agent_groups WHERE group_id = $1 FOR UPDATE', [groupId]);
  return rows[0]?.owner_id ?? null;
}

/** Locks the group for this change; another owner's group, or none, is "not found". */
export async function lockOwnGroup(tx: SqlClient, ownerId: string, groupId: string): Promise<void> {
  if ((await lockGroup(tx, groupId)) !== ownerId) throw new DomainError('GROUP_NOT_FOUND', 'No such group.', 404);
}

/**
 * Takes the invitation of the signed-in person's address to the group, with the group locked:
 * answers its owner and the address. No such invitation (answered already, cancelled, the group
 * deleted) is "not found"; so is one to a group of their own.
 */
export async function takeInvitation(
  tx: SqlClient,
  { userId, email, groupId }: { userId: string; email: string; groupId: string },
): Promise<{ ownerId: string; email: string }> {
  const ownerId = await lockGroup(tx, groupId);
  const invited = email.trim().toLowerCase();
  const taken =
    ownerId !== null && ownerId !== userId
      ? (await tx.query('DELETE FROM agent_group_invitations WHERE group_id = $1 AND email = $2', [groupId, invited])).rowCount
      : 0;
  if (!taken) throw new DomainError('GROUP_INVITATION_NOT_FOUND', 'This invitation is no longer open.', 404);
  return { ownerId: ownerId!, email: invited };
}

/** `${groupId}:${email}`: one address in one group. */
export const addressKey = (groupId: string, email: string) => `${groupId}:${email}`;

/**
 * The addresses these groups already hold, as addressKey: their members' (the address of their
 * account) and the invited ones. The owner sees both on the group's page, so this tells them nothing new.
 */
export async function addressesIn(tx: SqlClient, groupIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ group_id: string; email: string }>(
    `SELECT m.group_id, lower(u.email) AS email FROM agent_group_members m JOIN user_directory u ON u.id = m.member_id WHERE m.group_id = ANY($1::uuid[])
     UNION ALL SELECT group_id, email FROM agent_group_invitations WHERE group_id = ANY($1::uuid[])`,
    [groupIds],
  );
  return new Set(rows.map((row) => addressKey(row.group_id, row.email)));
}

/** Stores these invitations (addresses in lower case); answers the ones that were not there yet, as addressKey. */
export async function storeInvitations(tx: SqlClient, invitations: readonly { groupId: string; email: string }[]): Promise<Set<string>> {
  if (invitations.length === 0) return new Set();
  const { rows } = await tx.query<{ group_id: string; email: string }>(
    `INSERT INTO agent_group_invitations (group_id, email) SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING RETURNING group_id, email`,
    [invitations.map((i) => i.groupId), invitations.map((i) => i.email)],
  );
  return new Set(rows.map((row) => addressKey(row.group_id, row.email)));
}

/** The owner's own address, in lower case: they are not invited to their own groups. */
export async function ownAddress(tx: SqlClient, ownerId: string): Promise<string | undefined> {
  return (await userLabels(tx, [ownerId])).get(ownerId)?.email.toLowerCase();
}

/** Two groups of one owner with the same name: the unique index decides, even for two requests at once. */
export async function withUniqueGroupName(tx: SqlClient, write: () => Promise<unknown>): Promise<void> {
  await tx.query('SAVEPOINT group_name');
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT group_name');
    throw new DomainError('GROUP_NAME_TAKEN', 'You already have a group with this name.', 409);
  }
}
