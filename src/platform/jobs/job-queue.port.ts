import type { SqlClient } from '../persistence/sql.js';

export type JobContext = {
  readonly jobId: string;
  readonly attempt: number;
  /** For a run of a periodic job (`every`): the time it was scheduled for, whatever time it runs. */
  readonly scheduledAt?: Date;
};

/** When a periodic job runs: a cron pattern (`'0 3 * * *'`, read in the time zone given with it), or every so many milliseconds. */
export type JobSchedule = string | { readonly everyMs: number };

/** A periodic run that fails is retried this often; the next scheduled run comes whatever happens to this one. */
export const SCHEDULED_ATTEMPTS = 3;
export type JobHandler<TData = unknown> = (data: TData, context: JobContext) => Promise<void>;

export type EnqueueOptions = {
  /** Dedup key: a job id already queued, running or done recently is not added again. */
  readonly jobId: string;
  readonly attempts?: number;
  /** First retry delay; doubles on each further attempt. */
  readonly backoffMs?: number;
  readonly delayMs?: number;
  /** Waits while any job without it is due: bulk work (a file's leads) never holds up a payment's next step or an e-mail. */
  readonly background?: boolean;
};

export type QueuedJob = { readonly name: string; readonly data: unknown; readonly options: EnqueueOptions };

export type JobRecord = {
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  readonly status: 'waiting' | 'active' | 'completed' | 'failed' | 'delayed' | 'unknown';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: string;
};

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1_000;

/**
 * One interface, two drivers: BullMQ on Redis when REDIS_URL is set, a durable table in
 * this database otherwise. Handlers must be idempotent: a job may run more than once.
 */
export type JobQueue = {
  readonly kind: 'bullmq' | 'postgres';
  /** With `tx`, the Postgres driver enqueues inside that transaction (exactly once). */
  enqueue(name: string, data: unknown, options: EnqueueOptions, tx?: SqlClient): Promise<void>;
  /** Several jobs at once: one round trip to Redis (BullMQ's addBulk); with `tx`, in that transaction. */
  enqueueAll(jobs: readonly QueuedJob[], tx?: SqlClient): Promise<void>;
  register<TData>(name: string, handler: JobHandler<TData>): void;
  /**
   * Runs the job `name` (registered with `register`, data null) on `schedule`. Every process
   * that runs workers calls it at start; each scheduled time runs once however many do, and a
   * call with another schedule replaces the old one. An `everyMs` schedule runs once at start
   * (once per interval however many processes start); a cron one waits for its first time.
   */
  every(name: string, schedule: JobSchedule, timeZone?: string): Promise<void>;
  startWorkers(concurrency?: number): Promise<void>;
  stopWorkers(): Promise<void>;
  /** A hint that jobs may be due now (e.g. after a transaction that enqueued has committed). */
  wake(): void;
  get(jobId: string): Promise<JobRecord | null>;
  failed(limit?: number): Promise<JobRecord[]>;
  /** Runs a failed job again from its first attempt. */
  retry(jobId: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No handler is registered for job ${name}`);
    this.name = 'UnknownJobError';
  }
}

/** retry() of a job that does not exist or has not failed. */
export class JobNotFailed extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} is not a failed job`);
    this.name = 'JobNotFailed';
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
