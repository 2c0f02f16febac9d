/**
 * Waits for the end of asynchronous work (a job, the jobs a process starts, a read model
 * passing an event), so that a test can then assert that something did NOT happen: a fixed
 * sleep before such an assertion proves nothing on a slow machine and wastes time on a fast
 * one. Every wait here has the suite's one ceiling (`eventually`, WAIT_CEILING_MS).
 */
import { comparePositions, type EventStore, type RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { jobIdFor, type JobTrigger } from '../../src/platform/jobs/event-job-dispatcher.js';
import type { JobQueue, JobRecord } from '../../src/platform/jobs/job-queue.port.js';
import type { SqlClient } from '../../src/platform/persistence/sql.js';
import { readCheckpoint } from '../../src/platform/projections/checkpoints.js';
import { eventually } from './waiting.js';

const ENDED: ReadonlySet<JobRecord['status']> = new Set(['completed', 'failed']);

/** Waits until the job `jobId` has run to its end (completed, or failed with no attempt left), and returns it; a job not yet queued is waited for. */
export function jobEnded(queue: JobQueue, jobId: string): Promise<JobRecord> {
  return eventually(
    `job ${jobId} to end`,
    () => queue.get(jobId),
    (job) => job !== null && ENDED.has(job.status),
  ) as Promise<JobRecord>;
}

/** The ids of the jobs that `events` start by `triggers`, as the event job dispatcher names them (batched triggers are not followed). */
export function jobIdsOf(events: readonly RecordedEvent[], triggers: readonly JobTrigger[]): string[] {
  return events.flatMap((event) =>
    triggers
      .filter((trigger) => trigger.eventType === event.type && !trigger.batch && (trigger.when?.(event) ?? true))
      .map((trigger) => jobIdFor(event, trigger.job)),
  );
}

/**
 * Waits until a process has come to rest on `streams`: every job their stored events start
 * (by `triggers`) has ended, and the events those jobs stored on these streams meanwhile have
 * started no job still to end. Events on other streams are not followed.
 */
export async function streamJobsEnded(
  store: Pick<EventStore, 'readStream'>,
  queue: JobQueue,
  triggers: readonly JobTrigger[],
  streams: readonly string[],
): Promise<void> {
  const waited = new Set<string>();
  for (;;) {
    const events = (await Promise.all(streams.map((stream) => store.readStream(stream)))).flat();
    const next = jobIdsOf(events, triggers).filter((jobId) => !waited.has(jobId));
    if (next.length === 0) return;
    for (const jobId of next) {
      await jobEnded(queue, jobId);
      waited.add(jobId);
    }
  }
}

/**
 * Waits until the subscriber (a read model, the job dispatcher) has passed every event stored
 * so far on `streamId`: its checkpoint is at or beyond the stream's last event.
 */
export async function subscriberPassed(db: SqlClient, subscriber: string, streamId: string): Promise<void> {
  const { rows } = await db.query<{ commit: string; prepare: string }>(
    `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM es_events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`,
    [streamId],
  );
  if (!rows[0]) return;
  const last = { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) };
  await eventually(
    `${subscriber} to pass the last event of ${streamId} (${last.commit}/${last.prepare})`,
    async () => {
      const at = await readCheckpoint(db, subscriber);
      return { commit: at.commit.toString(), prepare: at.prepare.toString() };
    },
    (at) => comparePositions({ commit: BigInt(at.commit), prepare: BigInt(at.prepare) }, last) >= 0,
  );
}
