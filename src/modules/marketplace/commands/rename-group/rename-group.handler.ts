import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { lockOwnGroup, publishGroupsChanged, recordGroupEvent, validGroupName, withUniqueGroupName } from '../../services/agent-groups.js';
import { RenameGroup } from './rename-group.command.js';

@CommandHandler(RenameGroup)
export class RenameGroupHandler implements ICommandHandler<RenameGroup, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId, name: raw }, context }: RenameGroup): Promise<{ groupId: string }> {
    await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const name = validGroupName(raw);
      await withUniqueGroupName(tx, () => tx.query('UPDATE agent_groups SET name = $2, updated_at = now() WHERE group_id = $1', [groupId, name]));
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupRenamed', { name });
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId);
    return { groupId };
  }
}
