import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { causedBy, newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import type { LeadEvent } from '../../contracts/lead-events.js';
import type { LeadReturnApprovedEvent } from '../credit-approved-return/credit-approved-return.command.js';

export type LeadSoldEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadSold' }>;
export type Assignment = { leadId: string; assigneeId: string | null };

/** The realtime topic of My Leads (the leads projection's). */
const LEADS_TOPIC = 'leads';
const assignmentStream = (ownerId: string) => `lead-assignments-${ownerId}`;

/** An owner gives one of their leads to a member of one of their groups, or takes it back (assigneeId null). */
export class AssignLead extends Command<Assignment> {
  constructor(
    readonly ownerId: string,
    readonly leadId: string,
    readonly assigneeId: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Each lead a campaign bought goes to the next member of the campaign's round-robin group, if it has one (started from the stored LeadSold events). */
export class AssignRoundRobin extends Command<Assignment[]> {
  constructor(readonly sales: readonly LeadSoldEvent[]) {
    super();
  }
}

/**
 * Lead assignment (groups): state-based rows, one assignee per owner's copy of a
 * lead, each change recorded as an event through the outbox. Round-robin gives each lead to
 * the member of the group with the fewest round-robin leads from it (the longest in the group
 * first on a tie), with the group's row locked so two leads at once never pick by the same count;
 * a retry of the same sale keeps the first pick.
 */
@CommandHandler(AssignLead)
export class AssignLeadHandler implements ICommandHandler<AssignLead, Assignment> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ ownerId, leadId, assigneeId, context }: AssignLead): Promise<Assignment> {
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
    if (changed.changed) publish(this.realtime, ownerId, [assigneeId, changed.previous]);
    return { leadId, assigneeId };
  }
}

@CommandHandler(AssignRoundRobin)
export class AssignRoundRobinHandler implements ICommandHandler<AssignRoundRobin, Assignment[]> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ sales }: AssignRoundRobin): Promise<Assignment[]> {
    const sharing = await this.campaignsWithGroups(sales.map((sold) => sold.data.campaignId));
    const assigned: Assignment[] = [];
    // One sale at a time: each pick counts the ones before it.
    for (const sold of sales.filter((sale) => sharing.has(sale.data.campaignId))) {
      const assignment = await this.assign(sold);
      if (assignment) assigned.push(assignment);
    }
    return assigned;
  }

  /** Which of these campaigns share their leads with a group (most share with none). */
  private async campaignsWithGroups(campaignIds: readonly string[]): Promise<Set<string>> {
    if (campaignIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ campaign_id: string }>(
      `SELECT campaign_id FROM rm_campaigns WHERE campaign_id = ANY($1::uuid[]) AND targeting->>'roundRobinGroupId' IS NOT NULL`,
      [[...new Set(campaignIds)]],
    );
    return new Set(rows.map((row) => row.campaign_id));
  }

  private async assign(sold: LeadSoldEvent): Promise<Assignment | null> {
    const { leadId, ownerId, campaignId } = sold.data;
    const picked = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ group_id: string | null }>(
        `SELECT g.group_id FROM rm_campaigns c JOIN agent_groups g ON g.group_id = (c.targeting->>'roundRobinGroupId')::uuid AND g.owner_id = c.owner_id
          WHERE c.campaign_id = $1 FOR UPDATE OF g`,
        [campaignId],
      );
      const groupId = rows[0]?.group_id;
      if (!groupId) return null;
      const earlier = await tx.query<{ assignee_id: string }>('SELECT assignee_id FROM lead_assignments WHERE lead_id = $1 AND owner_id = $2', [
        leadId,
        ownerId,
      ]);
      if (earlier.rows[0]) return null;
      const next = await tx.query<{ member_id: string }>(
        `SELECT m.member_id FROM agent_group_members m
           LEFT JOIN lead_assignments a ON a.group_id = m.group_id AND a.assignee_id = m.member_id AND a.how = 'round_robin'
          WHERE m.group_id = $1 GROUP BY m.member_id, m.added_at ORDER BY count(a.lead_id), m.added_at, m.member_id LIMIT 1`,
        [groupId],
      );
      const assigneeId = next.rows[0]?.member_id;
      if (!assigneeId) return null;
      await tx.query(`INSERT INTO lead_assignments (lead_id, owner_id, assignee_id, group_id, how) VALUES ($1, $2, $3, $4, 'round_robin')`, [
        leadId,
        ownerId,
        assigneeId,
        groupId,
      ]);
      const context = causedBy(sold, { type: 'system', id: 'lead-round-robin' });
      await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadAssigned', { leadId, ownerId, assigneeId, groupId, how: 'round_robin' }, context)]);
      return assigneeId;
    });
    if (!picked) return null;
    outboxCommitted();
    publish(this.realtime, ownerId, [picked]);
    return { leadId, assigneeId: picked };
  }
}

/** A lead whose return was approved is closed for assignment, and its assignee (if any) loses it (started from the stored approval). */
export class CloseReturnedLead extends Command<void> {
  constructor(readonly approved: LeadReturnApprovedEvent) {
    super();
  }
}

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

  async execute({ approved }: CloseReturnedLead): Promise<void> {
    const { leadId, ownerId, returnId } = approved.data;
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
      if (previous) {
        const context = causedBy(approved, { type: 'system', id: 'lead-returns' });
        await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadUnassigned', { leadId, ownerId, assigneeId: previous }, context)]);
      }
      return previous;
    });
    if (!taken) return;
    outboxCommitted();
    publish(this.realtime, ownerId, [taken]);
  }
}

/**
 * Locks the owner's copy of the lead; false when they own no such lead. An assignment and the
 * closing of a returned lead both take it, so the two never cross.
 */
async function lockOwnedLead(tx: SqlClient, leadId: string, ownerId: string): Promise<boolean> {
  const { rowCount } = await tx.query('SELECT 1 FROM rm_owned_leads WHERE lead_id = $1 AND owner_id = $2 FOR UPDATE', [leadId, ownerId]);
  return Boolean(rowCount);
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

function publish(realtime: RealtimeHub, ownerId: string, others: readonly (string | null)[]): void {
  const users = new Set([ownerId, ...others.filter((id): id is string => id !== null)]);
  realtime.publish([...users].map((userId) => ({ userId, topic: LEADS_TOPIC })));
}
