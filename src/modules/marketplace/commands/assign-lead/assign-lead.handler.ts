import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { assignmentStream, lockOwnedLead, publishAssignments, type Assignment } from '../../services/lead-assignments.js';
import { AssignLead } from './assign-lead.command.js';

/**
 * Lead assignment (groups): state-based rows, one assignee per owner's copy of a lead, each
 * change recorded as an event through the outbox, under the owned lead's row lock (which the
 * closing of a returned lead takes too).
 */
@CommandHandler(AssignLead)
export class AssignLeadHandler implements ICommandHandler<AssignLead, Assignment> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input, context }: AssignLead): Promise<Assignment> {
    const { ownerId, leadId, assigneeId } = input;
    const changed = await inTransaction(this.pool, async (tx) => {
      if (!(await lockOwnedLead(tx, leadId, ownerId))) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
      // A returned lead went back (its price credited): nobody works it any more. Taking it back (null) stays possible.
      if (assigneeId !== null) {
        const returned = await tx.query(
          `SELECT 1 FROM returned_lead_closures WHERE lead_id = $1 AND owner_id = $2
           UNION ALL SELECT 1 FROM rm_lead_returns WHERE lead_id = $1 AND owner_id = $2 AND status = 'approved' LIMIT 1`,
          [leadId, ownerId],
        );
        if (returned.rowCount) throw new DomainError('LEAD_RETURNED', 'This lead was returned, so it cannot be assigned.', 409);
      }
      const before = await tx.query<{ assignee_id: string }>('SELECT assignee_id FROM lead_assignments WHERE lead_id = $1 AND owner_id = $2 FOR UPDATE', [
        leadId,
        ownerId,
      ]);
      const previous = before.rows[0]?.assignee_id ?? null;
      if (previous === assigneeId) return { changed: false, previous };
      if (assigneeId === null) {
        await tx.query('DELETE FROM lead_assignments WHERE lead_id = $1 AND owner_id = $2', [leadId, ownerId]);
        await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadUnassigned', { leadId, ownerId, assigneeId: previous }, context)]);
        return { changed: true, previous };
      }
      const groupId = await groupOfMember(tx, ownerId, assigneeId);
      await tx.query(
        `INSERT INTO lead_assignments (lead_id, owner_id, assignee_id, group_id, how) VALUES ($1, $2, $3, $4, 'manual')
         ON CONFLICT (lead_id, owner_id) DO UPDATE SET assignee_id = $3, group_id = $4, how = 'manual', assigned_at = now()`,
        [leadId, ownerId, assigneeId, groupId],
      );
      await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadAssigned', { leadId, ownerId, assigneeId, groupId, how: 'manual' }, context)]);
      return { changed: true, previous };
    });
    outboxCommitted();
    if (changed.changed) publishAssignments(this.realtime, ownerId, [assigneeId, changed.previous]);
    return { leadId, assigneeId };
  }
}

/** The group of the owner's that the assignee belongs to; not a member of any is refused. */
async function groupOfMember(tx: SqlClient, ownerId: string, assigneeId: string): Promise<string> {
  const { rows } = await tx.query<{ group_id: string }>(
    `SELECT m.group_id FROM agent_group_members m JOIN agent_groups g ON g.group_id = m.group_id WHERE g.owner_id = $1 AND m.member_id = $2 ORDER BY m.added_at LIMIT 1`,
    [ownerId, assigneeId],
  );
  if (!rows[0]) throw new DomainError('ASSIGNEE_NOT_IN_GROUPS', 'Leads can be assigned only to members of your groups.', 400);
  return rows[0].group_id;
}
