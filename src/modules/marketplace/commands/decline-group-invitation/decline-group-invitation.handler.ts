import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { publishGroupsChanged, recordGroupEvent, takeInvitation } from '../../services/agent-groups.js';
import { DeclineGroupInvitation } from './decline-group-invitation.command.js';

@CommandHandler(DeclineGroupInvitation)
export class DeclineGroupInvitationHandler implements ICommandHandler<DeclineGroupInvitation, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { userId, email, groupId }, context }: DeclineGroupInvitation): Promise<{ groupId: string }> {
    const ownerId = await inTransaction(this.pool, async (tx) => {
      const { ownerId, email: invited } = await takeInvitation(tx, { userId, email, groupId });
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupInvitationDeclined', { email: invited, userId });
      return ownerId;
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId, userId);
    return { groupId };
  }
}
