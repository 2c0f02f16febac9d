import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { userIdsByEmails } from '../../../identity/contracts/user-directory.js';
import { lockOwnGroup, MAX_GROUP_MEMBERS, publishGroupsChanged, recordGroupEvent } from '../../services/agent-groups.js';
import { AddGroupMembers, type AddedGroupMembers, type MemberResult } from './add-group-members.command.js';

@CommandHandler(AddGroupMembers)
export class AddGroupMembersHandler implements ICommandHandler<AddGroupMembers, AddedGroupMembers> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId, emails }, context }: AddGroupMembers): Promise<AddedGroupMembers> {
    const members = await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const accounts = await userIdsByEmails(tx, emails);
      const results: MemberResult[] = [];
      for (const raw of emails) {
        const email = raw.trim().toLowerCase();
        const memberId = accounts.get(email);
        if (!memberId) results.push({ email, status: 'unknown' });
        else if (memberId === ownerId) results.push({ email, status: 'self' });
        else {
          const { rowCount } = await tx.query('INSERT INTO agent_group_members (group_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            groupId,
            memberId,
          ]);
          results.push({ email, status: rowCount ? 'added' : 'already' });
          if (rowCount) await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupMemberAdded', { memberId });
        }
      }
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_group_members WHERE group_id = $1', [groupId]);
      if (rows[0]!.n > MAX_GROUP_MEMBERS) throw new DomainError('GROUP_TOO_LARGE', `A group can have at most ${MAX_GROUP_MEMBERS} members.`, 400);
      return results;
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId);
    return { groupId, members };
  }
}
