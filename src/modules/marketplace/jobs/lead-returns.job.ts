import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { CreditApprovedReturn, type LeadReturnApprovedEvent } from '../commands/credit-approved-return/credit-approved-return.command.js';
import { closeReturnedLeadStep } from './lead-assignment.job.js';

export const CREDIT_LEAD_RETURN = 'credit-lead-return';
export const CLOSE_RETURNED_LEAD = 'close-returned-lead';

/** An approved return credits the buyer's wallet and closes the lead for assignment, in jobs started from the stored approval. */
export const leadReturnTriggers: readonly JobTrigger[] = [
  { eventType: 'LeadReturnApproved', job: CREDIT_LEAD_RETURN, options: { attempts: 10, backoffMs: 1_000 } },
  { eventType: 'LeadReturnApproved', job: CLOSE_RETURNED_LEAD, options: { attempts: 10, backoffMs: 1_000 } },
];

export function registerLeadReturnJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: LeadReturnApprovedEvent }>(CREDIT_LEAD_RETURN, ({ event }) => {
    const step = stepFrom(event, { type: 'system', id: 'lead-returns' });
    return commands.execute(new CreditApprovedReturn(event.data, step.context, step.idempotencyKey));
  });
  jobs.register<{ event: LeadReturnApprovedEvent }>(CLOSE_RETURNED_LEAD, ({ event }) => commands.execute(closeReturnedLeadStep(event)));
}
