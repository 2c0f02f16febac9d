import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { AssignRoundRobin, type LeadSoldEvent } from '../commands/assign-lead/assign-lead.handler.js';

export const ASSIGN_ROUND_ROBIN = 'assign-lead-round-robin';
/** The most sales one job takes: most campaigns share with no group, which one query tells for all of them. */
const ASSIGN_BATCH = 100;

/** Leads campaigns bought go round-robin to their groups, in a job started from the stored LeadSold events. */
export const leadAssignmentTriggers: readonly JobTrigger[] = [
  { eventType: 'LeadSold', job: ASSIGN_ROUND_ROBIN, options: { attempts: 10, backoffMs: 1_000 }, batch: ASSIGN_BATCH },
];

export function registerLeadAssignmentJobs(jobs: JobQueue, commands: CommandBus): void {
  // `{ event }` is a job queued one sale at a time, before sales came in batches.
  jobs.register<{ events?: LeadSoldEvent[]; event?: LeadSoldEvent }>(ASSIGN_ROUND_ROBIN, async ({ events, event }) => {
    await commands.execute(new AssignRoundRobin(events ?? (event ? [event] : [])));
  });
}
