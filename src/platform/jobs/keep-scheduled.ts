import type { JobQueue, JobSchedule } from './job-queue.port.js';

export const SCHEDULE_RETRY_MS = 60_000;

export type KeepScheduledOptions = {
  readonly timeZone?: string;
  readonly retryMs?: number;
  /** Runs after the schedule is set, and is retried with it (e.g. queueing a run missed while the portal was down). */
  readonly thenAtStart?: () => Promise<void>;
};

/**
 * Sets a periodic job's schedule (`JobQueue.every`) from a process that runs workers, in the
 * background: while the queue is unreachable (Redis away) it tries again every minute, so the
 * portal starts anyway. Returns a stop for shutdown.
 */
export function keepScheduled(jobs: JobQueue, name: string, schedule: JobSchedule, options: KeepScheduledOptions = {}): () => void {
  const { timeZone = 'UTC', retryMs = SCHEDULE_RETRY_MS, thenAtStart } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = () => {
    jobs
      .every(name, schedule, timeZone)
      .then(thenAtStart)
      .catch(() => {
        if (!stopped) timer = setTimeout(attempt, retryMs).unref();
      });
  };
  attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
