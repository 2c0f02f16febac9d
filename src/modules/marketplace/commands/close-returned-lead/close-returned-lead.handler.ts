import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { assignmentStream, lockOwnedLead, publishAssignments } from '../../services/lead-assignments.js';
import { CloseReturnedLead } from './close-returned-lead.command.js';

/**
 * Under the owned lead's row lock, as AssignLead takes it: an assignment that began before the
 * approval is taken back once it commits, and one that begins after finds the lead closed.
 */
@CommandHandler(CloseReturnedLead)
export class CloseReturnedLeadHandler implements ICommandHandler<CloseReturnedLead, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input, context }: CloseReturnedLead): Promise<void> {
    const { leadId, ownerId, returnId } = input;
    const taken = await inTransaction(this.pool, async (tx) => {
      await lockOwnedLead(tx, leadId, ownerId);
      await tx.query('INSERT INTO returned_lead_closures (lead_id, owner_id, return_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        leadId,
        ownerId,
        returnId,
      ]);
      const { rows } = await tx.query<{ assignee_id: string }>('DELETE FROM lead_assignments WHERE lead_id = $1 AND owner_id = $2 RETURNING assignee_id', [
        leadId,
        ownerId,
      ]);
      const previous = rows[0]?.assignee_id ?? null;
      if (previous) await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadUnassigned', { leadId, ownerId, assigneeId: previous }, context)]);
      return previous;
    });
    if (!taken) return;
    outboxCommitted();
    publishAssignments(this.realtime, ownerId, [taken]);
  }
}
