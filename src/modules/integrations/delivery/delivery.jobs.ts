import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { AttemptDelivery } from '../commands/attempt-delivery/attempt-delivery.command.js';
import { PlanDeliveries } from '../commands/plan-deliveries/plan-deliveries.command.js';
import { SweepDeliveries } from '../commands/sweep-deliveries/sweep-deliveries.command.js';
import { ARRIVAL_EVENT_TYPES } from './arrivals.js';
import { SEND_DELIVERY_JOB, type SendDeliveryJob } from './delivery-sender.js';

export const PLAN_DELIVERIES_JOB = 'plan-lead-deliveries';
export const SWEEP_DELIVERIES_JOB = 'sweep-lead-deliveries';
/** The most arrivals one planning job takes (a burst of sales is planned and sent in sets). */
const PLAN_BATCH = 100;

/** Leads that reach an agent (bought, ordered or assigned) are planned into deliveries by a job started from the stored event. */
export const deliveryTriggers: readonly JobTrigger[] = ARRIVAL_EVENT_TYPES.map((eventType) => ({
  eventType,
  job: PLAN_DELIVERIES_JOB,
  options: { attempts: 10, backoffMs: 1_000 },
  batch: PLAN_BATCH,
}));

export type DeliveryCommand = PlanDeliveries | AttemptDelivery | SweepDeliveries;

/** The delivery jobs send their commands; `commands` is the CommandBus (or, in tests and the benchmark, the handlers themselves). */
export function registerDeliveryJobs(jobs: JobQueue, commands: { execute(command: DeliveryCommand): Promise<unknown> }): void {
  // `{ event }` is a job queued one event at a time, before planning took batches.
  jobs.register<{ events?: JsonEvent[]; event?: JsonEvent }>(PLAN_DELIVERIES_JOB, async ({ events, event }) => {
    await commands.execute(new PlanDeliveries({ events: events ?? (event ? [event] : []) }, systemContext(PLAN_DELIVERIES_JOB)));
  });
  jobs.register<SendDeliveryJob>(SEND_DELIVERY_JOB, async (job) => {
    await commands.execute(new AttemptDelivery(job, systemContext(SEND_DELIVERY_JOB)));
  });
  jobs.register(SWEEP_DELIVERIES_JOB, async () => {
    await commands.execute(new SweepDeliveries({}, systemContext(SWEEP_DELIVERIES_JOB)));
  });
}
