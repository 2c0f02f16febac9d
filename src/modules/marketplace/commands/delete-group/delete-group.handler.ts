import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { lockOwnGroup, publishGroupsChanged, recordGroupEvent } from '../../services/agent-groups.js';
import { DeleteGroup } from './delete-group.command.js';

@CommandHandler(DeleteGroup)
export class DeleteGroupHandler implements ICommandHandler<DeleteGroup, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId }, context }: DeleteGroup): Promise<{ groupId: string }> {
    const members = await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const { rows } = await tx.query<{ member_id: string }>('DELETE FROM agent_group_members WHERE group_id = $1 RETURNING member_id', [groupId]);
      await tx.query('DELETE FROM agent_groups WHERE group_id = $1', [groupId]);
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupDeleted');
      return rows.map((row) => row.member_id);
    });
    outboxCommitted();
    // Its members' lists of the groups they are in change too.
    publishGroupsChanged(this.realtime, ownerId, ...members);
    return { groupId };
  }
}
