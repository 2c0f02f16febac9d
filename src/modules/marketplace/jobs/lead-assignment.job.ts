import type { CommandBus } from '@nestjs/cqrs';

import type { Actor, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { AssignLeadsRoundRobin } from '../commands/assign-leads-round-robin/assign-leads-round-robin.command.js';
import { CloseReturnedLead, type CloseReturnedLeadInput } from '../commands/close-returned-lead/close-returned-lead.command.js';
import type { LeadEvent } from '../contracts/lead-events.js';

export type LeadSoldEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadSold' }>;

export const ASSIGN_ROUND_ROBIN = 'assign-lead-round-robin';
/** The most sales one job takes: most campaigns share with no group, which one query tells for all of them. */
const ASSIGN_BATCH = 100;
/** Who assigns round-robin and who closes a returned lead, as their events record it. */
const ROUND_ROBIN: Actor = { type: 'system', id: 'lead-round-robin' };
const LEAD_RETURNS: Actor = { type: 'system', id: 'lead-returns' };

/** Leads campaigns bought go round-robin to their groups, in a job started from the stored LeadSold events. */
export const leadAssignmentTriggers: readonly JobTrigger[] = [
  { eventType: 'LeadSold', job: ASSIGN_ROUND_ROBIN, options: { attempts: 10, backoffMs: 1_000 }, batch: ASSIGN_BATCH },
];

export function registerLeadAssignmentJobs(jobs: JobQueue, commands: CommandBus): void {
  // `{ event }` is a job queued one sale at a time, before sales came in batches.
  jobs.register<{ events?: LeadSoldEvent[]; event?: LeadSoldEvent }>(ASSIGN_ROUND_ROBIN, async ({ events, event }) => {
    await commands.execute(assignRoundRobinStep(events ?? (event ? [event] : [])));
  });
}

/** The round-robin step of a batch of stored sales: each sale's assignment is caused by that sale. */
export function assignRoundRobinStep(sales: readonly LeadSoldEvent[]): AssignLeadsRoundRobin {
  return new AssignLeadsRoundRobin(
    {
      sales: sales.map((sold) => ({
        leadId: sold.data.leadId,
        ownerId: sold.data.ownerId,
        campaignId: sold.data.campaignId,
        context: stepFrom(sold, ROUND_ROBIN).context,
      })),
    },
    systemContext(ASSIGN_ROUND_ROBIN),
  );
}

/** The closing step of one stored LeadReturnApproved (sent by the lead-returns job). */
export function closeReturnedLeadStep(approved: Pick<RecordedEvent, 'metadata'> & { readonly data: CloseReturnedLeadInput }): CloseReturnedLead {
  const step = stepFrom(approved, LEAD_RETURNS);
  const { leadId, ownerId, returnId } = approved.data;
  return new CloseReturnedLead({ leadId, ownerId, returnId }, step.context, step.idempotencyKey);
}
