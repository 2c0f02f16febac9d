import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { publishGroupsChanged, recordGroupEvent, validGroupName, withUniqueGroupName } from '../../services/agent-groups.js';
import { CreateGroup } from './create-group.command.js';

@CommandHandler(CreateGroup)
export class CreateGroupHandler implements ICommandHandler<CreateGroup, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, name: raw }, context }: CreateGroup): Promise<{ groupId: string }> {
    const groupId = randomUUID();
    await inTransaction(this.pool, async (tx) => {
      const name = validGroupName(raw);
      await withUniqueGroupName(tx, () => tx.query('INSERT INTO agent_groups (group_id, owner_id, name) VALUES ($1, $2, $3)', [groupId, ownerId, name]));
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupCreated', { name });
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId);
    return { groupId };
  }
}
