import type { CommandBus } from '@nestjs/cqrs';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { AssignRoundRobin, type LeadSoldEvent } from '../commands/assign-lead/assign-lead.handler.js';

export const ASSIGN_ROUND_ROBIN = 'assign-lead-round-robin';

/** A lead a campaign bought goes round-robin to its group, in a job started from the stored LeadSold. */
export const leadAssignmentTriggers: readonly JobTrigger[] = [{ eventType: 'LeadSold', job: ASSIGN_ROUND_ROBIN, options: { attempts: 10, backoffMs: 1_000 } }];

export function registerLeadAssignmentJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: LeadSoldEvent }>(ASSIGN_ROUND_ROBIN, async ({ event }) => {
    await commands.execute(new AssignRoundRobin(event));
  });
}
