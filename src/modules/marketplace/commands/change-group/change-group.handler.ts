import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';

export const groupStream = (groupId: string) => `agent-group-${groupId}`;

/** The realtime topic of the owner's /groups pages: told after each committed change, so their other tabs follow. */
export const GROUPS_TOPIC = 'groups';
export const publishGroupsChanged = (realtime: RealtimeHub, ownerId: string) => realtime.publish([{ userId: ownerId, topic: GROUPS_TOPIC }]);
export const MAX_GROUP_NAME = 80;
export const MAX_GROUP_MEMBERS = 500;

export type GroupChange =
  | { type: 'create'; name: string }
  | { type: 'rename'; groupId: string; name: string }
  | { type: 'delete'; groupId: string }
  | { type: 'add-members'; groupId: string; emails: readonly string[] }
  | { type: 'remove-member'; groupId: string; memberId: string };

export type MemberResult = { readonly email: string; readonly status: 'added' | 'already' | 'unknown' | 'self' };

/**
 * An agent's groups (state-based rows, each change recorded as an event through the outbox):
 * create, rename, delete, add members by e-mail (agents who have an account), remove. Another
 * agent's group is "not found". Names are unique per owner, whatever the letter case.
 */
export class ChangeGroup extends Command<{ groupId: string; members?: readonly MemberResult[] }> {
  constructor(
    readonly ownerId: string,
    readonly change: GroupChange,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeGroup)
export class ChangeGroupHandler implements ICommandHandler<ChangeGroup, { groupId: string; members?: readonly MemberResult[] }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ ownerId, change, context }: ChangeGroup) {
    const result = await inTransaction(this.pool, async (tx) => {
      const record = (groupId: string, type: string, data: Record<string, unknown>) =>
        recordInOutbox(tx, groupStream(groupId), [newEvent(type, { groupId, ownerId, ...data }, context)]);
      switch (change.type) {
        case 'create': {
          const groupId = randomUUID();
          const name = validName(change.name);
          await uniqueName(tx, () => tx.query('INSERT INTO agent_groups (group_id, owner_id, name) VALUES ($1, $2, $3)', [groupId, ownerId, name]));
          await record(groupId, 'GroupCreated', { name });
          return { groupId };
        }
        case 'rename': {
          await ownGroup(tx, ownerId, change.groupId);
          const name = validName(change.name);
          await uniqueName(tx, () => tx.query('UPDATE agent_groups SET name = $2, updated_at = now() WHERE group_id = $1', [change.groupId, name]));
          await record(change.groupId, 'GroupRenamed', { name });
          return { groupId: change.groupId };
        }
        case 'delete': {
          await ownGroup(tx, ownerId, change.groupId);
          await tx.query('DELETE FROM agent_groups WHERE group_id = $1', [change.groupId]);
          await record(change.groupId, 'GroupDeleted', {});
          return { groupId: change.groupId };
        }
        case 'add-members': {
          await ownGroup(tx, ownerId, change.groupId);
          const members: MemberResult[] = [];
          for (const raw of change.emails) {
            const email = raw.trim().toLowerCase();
            const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [email]);
            const memberId = rows[0]?.id;
            if (!memberId) members.push({ email, status: 'unknown' });
            else if (memberId === ownerId) members.push({ email, status: 'self' });
            else {
              const { rowCount } = await tx.query('INSERT INTO agent_group_members (group_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
                change.groupId,
                memberId,
              ]);
              members.push({ email, status: rowCount ? 'added' : 'already' });
              if (rowCount) await record(change.groupId, 'GroupMemberAdded', { memberId });
            }
          }
          const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_group_members WHERE group_id = $1', [change.groupId]);
          if (rows[0]!.n > MAX_GROUP_MEMBERS) throw new DomainError('GROUP_TOO_LARGE', `A group can have at most ${MAX_GROUP_MEMBERS} members.`, 400);
          return { groupId: change.groupId, members };
        }
        case 'remove-member': {
          await ownGroup(tx, ownerId, change.groupId);
          const { rowCount } = await tx.query('DELETE FROM agent_group_members WHERE group_id = $1 AND member_id = $2', [change.groupId, change.memberId]);
          if (!rowCount) throw new DomainError('GROUP_MEMBER_NOT_FOUND', 'This agent is not in the group.', 404);
          await record(change.groupId, 'GroupMemberRemoved', { memberId: change.memberId });
          return { groupId: change.groupId };
        }
      }
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId);
    return result;
  }
}

function validName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new DomainError('GROUP_NAME_REQUIRED', 'Please enter a group name.', 400);
  if (name.length > MAX_GROUP_NAME) throw new DomainError('GROUP_NAME_TOO_LONG', `A group name is at most ${MAX_GROUP_NAME} characters.`, 400);
  return name;
}

async function ownGroup(tx: SqlClient, ownerId: string, groupId: string): Promise<void> {
  const { rows } = await tx.query<{ owner_id: string }>('SELECT owner_id FROM agent_groups WHERE group_id = $1 FOR UPDATE', [groupId]);
  if (rows[0]?.owner_id !== ownerId) throw new DomainError('GROUP_NOT_FOUND', 'No such group.', 404);
}

/** Two groups of one owner with the same name: the unique index decides, even for two requests at once. */
async function uniqueName(tx: SqlClient, write: () => Promise<unknown>): Promise<void> {
  await tx.query('SAVEPOINT group_name');
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT group_name');
    throw new DomainError('GROUP_NAME_TAKEN', 'You already have a group with this name.', 409);
  }
}
