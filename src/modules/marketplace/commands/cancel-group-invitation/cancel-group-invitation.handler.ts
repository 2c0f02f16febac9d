import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { lockOwnGroup, publishGroupsChanged, recordGroupEvent } from '../../services/agent-groups.js';
import { CancelGroupInvitation } from './cancel-group-invitation.command.js';

@CommandHandler(CancelGroupInvitation)
export class CancelGroupInvitationHandler implements ICommandHandler<CancelGroupInvitation, { groupId: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId, email }, context }: CancelGroupInvitation): Promise<{ groupId: string }> {
    await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const { rowCount } = await tx.query('DELETE FROM agent_group_invitations WHERE group_id = $1 AND email = $2', [groupId, email]);
      if (!rowCount) throw new DomainError('GROUP_INVITATION_NOT_FOUND', 'This address is not invited to the group.', 404);
      await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupInvitationCancelled', { email });
    });
    outboxCommitted();
    // The invitee's open pages are not told: finding whose address it is would make this answer's time depend on whether an account has it.
    publishGroupsChanged(this.realtime, ownerId);
    return { groupId };
  }
}
