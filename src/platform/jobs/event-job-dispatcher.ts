import type { RecordedEvent } from '../event-store/event-store.port.js';
import { toJsonEvent } from '../event-store/json-event.js';
import type { SqlClient } from '../persistence/sql.js';
import type { Subscriber } from '../projections/subscription-runner.js';
import type { EnqueueOptions, JobQueue, QueuedJob } from './job-queue.port.js';

/** "When an event of this type is stored, run this job with this data." */
export type JobTrigger = {
  readonly eventType: string;
  readonly job: string;
  readonly data?: (event: RecordedEvent) => unknown;
  readonly options?: Omit<EnqueueOptions, 'jobId'>;
  /**
   * Hand the job up to this many stored events at once (its data is `{ events }`, in store
   * order, of every trigger naming this job): for jobs whose work is cheaper in sets. A batch
   * is whatever one read of the store brought, so its handler must be idempotent per event.
   */
  readonly batch?: number;
  /** Whether the event's job runs in the background lane (after every other job that is due): bulk work nobody waits on. */
  readonly background?: (event: RecordedEvent) => boolean;
  /** Only the events this answers true for start the job (others of the type have nothing for it to do). */
  readonly when?: (event: RecordedEvent) => boolean;
};

/** The job id for a job started by an event: stable, so a re-dispatch is recognised. */
export const jobIdFor = (event: RecordedEvent, job: string) => `${event.metadata.eventId}--${job}`;

/** A batch's job id: stable for the same events, so a re-dispatch of the same read is recognised. */
const batchJobId = (events: readonly RecordedEvent[], job: string) =>
  events.length === 1 ? jobIdFor(events[0]!, job) : `${events[0]!.metadata.eventId}--${events.length}--${events.at(-1)!.metadata.eventId}--${job}`;

/**
 * The checkpointed subscriber that turns stored events into jobs. A job is never started
 * by a write inside a request: if the queue is unreachable the checkpoint stays put and
 * the same events are dispatched again later. The table queue enqueues in the checkpoint's
 * own transaction (exactly once); Redis is written before that transaction opens, and a
 * repeat is absorbed by the job id.
 */
export function eventJobDispatcher(queue: JobQueue, triggers: readonly JobTrigger[]): Subscriber {
  const byType = new Map<string, JobTrigger[]>();
  for (const trigger of triggers) byType.set(trigger.eventType, [...(byType.get(trigger.eventType) ?? []), trigger]);
  const dispatch = async (events: readonly RecordedEvent[], tx?: SqlClient) => {
    const batches = new Map<string, { trigger: JobTrigger; events: RecordedEvent[] }>();
    const jobs: QueuedJob[] = [];
    for (const event of events) {
      for (const trigger of byType.get(event.type) ?? []) {
        if (trigger.when && !trigger.when(event)) continue;
        if (trigger.batch) {
          const batch = batches.get(trigger.job) ?? { trigger, events: [] };
          batch.events.push(event);
          batches.set(trigger.job, batch);
          continue;
        }
        const data = trigger.data ? trigger.data(event) : { event: toJsonEvent(event) };
        const background = trigger.background?.(event) ?? false;
        jobs.push({ name: trigger.job, data, options: { ...trigger.options, jobId: jobIdFor(event, trigger.job), ...(background ? { background } : {}) } });
      }
    }
    for (const { trigger, events: batched } of batches.values()) {
      for (let i = 0; i < batched.length; i += trigger.batch!) {
        const chunk = batched.slice(i, i + trigger.batch!);
        jobs.push({ name: trigger.job, data: { events: chunk.map(toJsonEvent) }, options: { ...trigger.options, jobId: batchJobId(chunk, trigger.job) } });
      }
    }
    await queue.enqueueAll(jobs, tx);
  };
  const inTransaction = queue.kind === 'postgres';
  return {
    name: 'job-dispatcher',
    eventTypes: [...byType.keys()],
    // Redis holds the jobs; a re-dispatch after a restart is absorbed by their ids.
    checkpointLazily: !inTransaction,
    async prepare(events: readonly RecordedEvent[]) {
      if (!inTransaction) await dispatch(events);
    },
    async apply(events: readonly RecordedEvent[], tx: SqlClient) {
      if (inTransaction) await dispatch(events, tx);
    },
    afterCommit() {
      queue.wake();
    },
  };
}
