import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { lockOwnGroup, publishGroupsChanged, recordGroupEvent } from '../../services/agent-groups.js';
import { RemoveGroupMember } from './remove-group-member.command.js';

@CommandHandler(RemoveGroupMember)
export class RemoveGroupMemberHandler implements ICommandHandler<RemoveGroupMember, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId, memberId }, context }: RemoveGroupMember): Promise<{ groupId: string }> {
    await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const { rowCount } = await tx.query('DELETE FROM agent_group_members WHERE group_id = $1 AND member_id = $2', [groupId, memberId]);
      if (!rowCount) throw new DomainError('GROUP_MEMBER_NOT_FOUND', 'This agent is not in the group.', 404);
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupMemberRemoved', { memberId });
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId, memberId);
    return { groupId };
  }
}
