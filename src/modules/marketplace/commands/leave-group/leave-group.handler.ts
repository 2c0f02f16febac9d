import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { lockGroup, publishGroupsChanged, recordGroupEvent } from '../../services/agent-groups.js';
import { LeaveGroup } from './leave-group.command.js';

@CommandHandler(LeaveGroup)
export class LeaveGroupHandler implements ICommandHandler<LeaveGroup, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { memberId, groupId }, context }: LeaveGroup): Promise<{ groupId: string }> {
    const ownerId = await inTransaction(this.pool, async (tx) => {
      const ownerId = await lockGroup(tx, groupId);
      const { rowCount } = ownerId
        ? await tx.query('DELETE FROM agent_group_members WHERE group_id = $1 AND member_id = $2', [groupId, memberId])
        : { rowCount: 0 };
      if (!rowCount) throw new DomainError('GROUP_MEMBERSHIP_NOT_FOUND', 'You are not in this group.', 404);
      await recordGroupEvent(tx, context, { groupId, ownerId: ownerId! }, 'GroupMemberLeft', { memberId });
      return ownerId!;
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId, memberId);
    return { groupId };
  }
}
