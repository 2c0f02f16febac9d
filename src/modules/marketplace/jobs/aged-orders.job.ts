import type { CommandBus } from '@nestjs/cqrs';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { CompleteAgedOrder, type WalletChargedEvent } from '../commands/complete-aged-order/complete-aged-order.handler.js';

export const COMPLETE_AGED_ORDER = 'complete-aged-order';

/** A wallet charge for an aged package hands the order's leads to the agent. */
export const agedOrderTriggers: readonly JobTrigger[] = [{ eventType: 'WalletCharged', job: COMPLETE_AGED_ORDER, options: { attempts: 10, backoffMs: 1_000 } }];

export function registerAgedOrderJobs(jobs: JobQueue, commands: CommandBus): void {
  jobs.register<{ event: WalletChargedEvent }>(COMPLETE_AGED_ORDER, ({ event }) => commands.execute(new CompleteAgedOrder(event)));
}
