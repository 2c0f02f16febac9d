import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { AllocateLead, type LeadReceivedEvent } from '../commands/allocate-lead/allocate-lead.command.js';

export const ALLOCATE_LEAD = 'allocate-lead';

/**
 * Each received lead is allocated by a job started from its stored LeadReceived; a retry
 * resumes where the last run stopped. An aged lead is for sale from the inventory already and
 * comes by the thousand from a file: its allocation runs in the background lane, behind the
 * jobs people wait on.
 */
export const leadAllocationTriggers: readonly JobTrigger[] = [
  {
    eventType: 'LeadReceived',
    job: ALLOCATE_LEAD,
    options: { attempts: 10, backoffMs: 1_000 },
    background: (event) => (event.data as { source?: string }).source === 'aged_leads',
  },
];

export function registerLeadAllocationJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: LeadReceivedEvent }>(ALLOCATE_LEAD, ({ event }) => {
    const step = stepFrom(event, { type: 'system', id: 'lead-allocation' });
    return commands.execute(new AllocateLead(event.data, step.context, step.idempotencyKey));
  });
}
