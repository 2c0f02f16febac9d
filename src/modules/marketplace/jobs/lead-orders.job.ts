import type { CommandBus } from '@nestjs/cqrs';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { CompleteLeadOrder, type WalletChargedEvent } from '../commands/complete-lead-order/complete-lead-order.command.js';

/** The job's name as jobs already queued carry it (it completed aged orders before business leads). */
export const COMPLETE_LEAD_ORDER = 'complete-aged-order';

/** A wallet charge for an order from the inventory (an aged package, business leads) hands the order's leads to the agent. */
export const leadOrderTriggers: readonly JobTrigger[] = [{ eventType: 'WalletCharged', job: COMPLETE_LEAD_ORDER, options: { attempts: 10, backoffMs: 1_000 } }];

export function registerLeadOrderJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: WalletChargedEvent }>(COMPLETE_LEAD_ORDER, ({ event }) => commands.execute(completeLeadOrderStep(event)));
}

/** The completing step of one stored WalletCharged, acting for whoever caused the charge. */
export function completeLeadOrderStep(charged: WalletChargedEvent): CompleteLeadOrder {
  const step = stepFrom(charged);
  return new CompleteLeadOrder(charged.data, step.context, step.idempotencyKey);
}
