import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { publishGroupsChanged, recordGroupEvent, takeInvitation } from '../../services/agent-groups.js';
import { AcceptGroupInvitation } from './accept-group-invitation.command.js';

@CommandHandler(AcceptGroupInvitation)
export class AcceptGroupInvitationHandler implements ICommandHandler<AcceptGroupInvitation, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { userId, email, groupId }, context }: AcceptGroupInvitation): Promise<{ groupId: string }> {
    const ownerId = await inTransaction(this.pool, async (tx) => {
      const { ownerId, email: invited } = await takeInvitation(tx, { userId, email, groupId });
      await tx.query('INSERT INTO agent_group_members (group_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [groupId, userId]);
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupInvitationAccepted', { email: invited, memberId: userId });
      return ownerId;
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId, userId);
    return { groupId };
  }
}
