import type { RecordedEvent } from '../event-store/event-store.port.js';
import { toJsonEvent } from '../event-store/json-event.js';
import type { SqlClient } from '../persistence/sql.js';
import type { Subscriber } from '../projections/subscription-runner.js';
import type { EnqueueOptions, JobQueue } from './job-queue.port.js';

/** "When an event of this type is stored, run this job with this data." */
export type JobTrigger = {
  readonly eventType: string;
  readonly job: string;
  readonly data?: (event: RecordedEvent) => unknown;
  readonly options?: Omit<EnqueueOptions, 'jobId'>;
};

/** The job id for a job started by an event: stable, so a re-dispatch is recognised. */
export const jobIdFor = (event: RecordedEvent, job: string) => `${event.metadata.eventId}--${job}`;

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
    for (const event of events) {
      for (const trigger of byType.get(event.type) ?? []) {
        const data = trigger.data ? trigger.data(event) : { event: toJsonEvent(event) };
        await queue.enqueue(trigger.job, data, { ...trigger.options, jobId: jobIdFor(event, trigger.job) }, tx);
      }
    }
  };
  const inTransaction = queue.kind === 'postgres';
  return {
    name: 'job-dispatcher',
    eventTypes: [...byType.keys()],
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
