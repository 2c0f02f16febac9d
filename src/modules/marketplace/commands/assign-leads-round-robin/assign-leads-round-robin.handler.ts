import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { assignmentStream, publishAssignments, type Assignment } from '../../services/lead-assignments.js';
import { AssignLeadsRoundRobin, type RoundRobinSale } from './assign-leads-round-robin.command.js';

/**
 * Round-robin gives each lead to the member of the group with the fewest round-robin leads
 * from it (the longest in the group first on a tie), with the group's row locked so two leads
 * at once never pick by the same count; a retry of the same sale keeps the first pick.
 */
@CommandHandler(AssignLeadsRoundRobin)
export class AssignLeadsRoundRobinHandler implements ICommandHandler<AssignLeadsRoundRobin, Assignment[]> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input }: AssignLeadsRoundRobin): Promise<Assignment[]> {
    const sharing = await this.campaignsWithGroups(input.sales.map((sale) => sale.campaignId));
    const assigned: Assignment[] = [];
    // One sale at a time: each pick counts the ones before it.
    for (const sale of input.sales.filter(({ campaignId }) => sharing.has(campaignId))) {
      const assignment = await this.assign(sale);
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

  private async assign({ leadId, ownerId, campaignId, context }: RoundRobinSale): Promise<Assignment | null> {
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
      await recordInOutbox(tx, assignmentStream(ownerId), [newEvent('LeadAssigned', { leadId, ownerId, assigneeId, groupId, how: 'round_robin' }, context)]);
      return assigneeId;
    });
    if (!picked) return null;
    outboxCommitted();
    publishAssignments(this.realtime, ownerId, [picked]);
    return { leadId, assigneeId: picked };
  }
}
