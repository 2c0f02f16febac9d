import { DomainError } from '../../../platform/domain/domain-error.js';
import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';

/**
 * An agent's groups are state-based rows (agent_groups, agent_group_members), each change
 * recorded as an event on the group's stream through the outbox. Another agent's group is
 * "not found". Names are unique per owner, whatever the letter case.
 */
export const groupStream = (groupId: string) => `agent-group-${groupId}`;

/** The realtime topic of the owner's /groups pages: told after each committed change, so their other tabs follow. */
export const GROUPS_TOPIC = 'groups';
export const publishGroupsChanged = (realtime: RealtimeHub, ownerId: string) => realtime.publish([{ userId: ownerId, topic: GROUPS_TOPIC }]);
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

/** Locks the group for this change; another owner's group, or none, is "not found". */
export async function lockOwnGroup(tx: SqlClient, ownerId: string, groupId: string): Promise<void> {
  const { rows } = await tx.query<{ owner_id: string }>('SELECT owner_id FROM agent_groups WHERE group_id = $1 FOR UPDATE', [groupId]);
  if (rows[0]?.owner_id !== ownerId) throw new DomainError('GROUP_NOT_FOUND', 'No such group.', 404);
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
