import { EventEmitter } from 'node:events';
import { CronExpressionParser } from 'cron-parser';
import type pg from 'pg';

import type { SqlClient } from '../persistence/sql.js';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  errorText,
  JobNotFailed,
  SCHEDULED_ATTEMPTS,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type JobRecord,
  type JobSchedule,
  type QueuedJob,
} from './job-queue.port.js';

type JobRow = {
  id: string;
  name: string;
  data: unknown;
  status: JobRecord['status'];
  attempts: number;
  max_attempts: number;
  backoff_ms: number;
  last_error: string | null;
  created_at: Date;
};

type Schedule = { readonly schedule: JobSchedule; readonly timeZone: string };

/** A periodic job's run for one scheduled time has the id `<name>@<ISO time>`: the id is what keeps it once. */
const scheduledRunId = (name: string, at: Date) => `${name}@${at.toISOString()}`;
const scheduledTimeOf = (name: string, jobId: string): Date | undefined => (jobId.startsWith(`${name}@`) ? new Date(jobId.slice(name.length + 1)) : undefined);

/** Whether `at` is one of the schedule's times. */
const isScheduledTime = (entry: Schedule, at: Date) => nextTime(entry, new Date(at.getTime() - 1)).getTime() === at.getTime();

/** The first scheduled time after `after`. */
function nextTime({ schedule, timeZone }: Schedule, after: Date): Date {
  if (typeof schedule !== 'string') return new Date((Math.floor(after.getTime() / schedule.everyMs) + 1) * schedule.everyMs);
  return CronExpressionParser.parse(schedule, { currentDate: after, tz: timeZone }).next().toDate();
}

const LOCK_SECONDS = 300;
/** Completed jobs are kept this long (their ids keep a job enqueued again from running twice), then deleted: the table stays the size of a week's work. */
const COMPLETED_KEPT_MS = 7 * 24 * 3600_000;
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The embedded job driver: jobs are rows, so a job enqueued in the same transaction as a
 * checkpoint is never lost or doubled, and a crash mid-job only means it runs again once
 * its lock expires.
 */
/** A job whose worker died (its lock ran out): taken again first, so a crash never waits behind a backlog. */
const ABANDONED = `SELECT id FROM jobs WHERE queue = $1 AND status = 'active' AND locked_until < now() ORDER BY locked_until LIMIT 1`;
/** The next job due: every job of the foreground lane before any of the background lane, oldest first (the jobs_due index's order). */
const DUE = `SELECT id FROM jobs WHERE queue = $1 AND status = 'waiting' AND run_at <= now() ORDER BY background, run_at LIMIT 1`;

export class PostgresJobQueue implements JobQueue {
  readonly kind = 'postgres' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly enqueued = new EventEmitter().setMaxListeners(0);
  private running = false;
  private workers: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private nextPurgeAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly queue = 'default',
    private readonly pollIntervalMs = 500,
  ) {}

  async enqueue(name: string, data: unknown, options: EnqueueOptions, tx?: SqlClient): Promise<void> {
    await this.enqueueAll([{ name, data, options }], tx);
  }

  /** One insert however many jobs (a dispatch of ten thousand leads' jobs is one round trip). */
  async enqueueAll(jobs: readonly QueuedJob[], tx?: SqlClient): Promise<void> {
    if (jobs.length === 0) return;
    await (tx ?? this.pool).query(
      `INSERT INTO jobs (id, queue, name, data, max_attempts, backoff_ms, run_at, background)
       SELECT id, $1, name, data, max_attempts, backoff_ms, now() + make_interval(secs => delay_ms::double precision / 1000), background
         FROM unnest($2::text[], $3::text[], $4::jsonb[], $5::int[], $6::int[], $7::float8[], $8::boolean[])
           AS j(id, name, data, max_attempts, backoff_ms, delay_ms, background)
       ON CONFLICT (id) DO NOTHING`,
      [
        this.queue,
        jobs.map((job) => job.options.jobId),
        jobs.map((job) => job.name),
        jobs.map((job) => JSON.stringify(job.data ?? null)),
        jobs.map((job) => job.options.attempts ?? DEFAULT_ATTEMPTS),
        jobs.map((job) => job.options.backoffMs ?? DEFAULT_BACKOFF_MS),
        jobs.map((job) => job.options.delayMs ?? 0),
        jobs.map((job) => job.options.background ?? false),
      ],
    );
    // Inside a transaction the rows are not visible yet; the poll finds them after commit.
    if (!tx) this.wake();
  }

  register<TData>(name: string, handler: JobHandler<TData>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  /**
   * The schedule is kept in this process; the table holds the next run as a row, and whoever
   * claims a run adds the one after it (before running it, so a failing or crashed run does not
   * end the chain). A run that fell due while no process was up runs at start, once.
   */
  async every(name: string, schedule: JobSchedule, timeZone = 'UTC'): Promise<void> {
    const entry = { schedule, timeZone };
    nextTime(entry, new Date()); // a bad pattern or time zone fails here, at start
    this.schedules.set(name, entry);
    const now = new Date();
    // An interval starts at once, in the interval's own slot; a cron pattern at its next time.
    const first = typeof schedule === 'string' ? nextTime(entry, now) : new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);
    // Runs left from another schedule go; those on this one stay (another process may have just added the next).
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM jobs WHERE queue = $1 AND name = $2 AND status = 'waiting' AND run_at > now() AND starts_with(id, $2 || '@')`,
      [this.queue, name],
    );
    const offSchedule = rows.map(({ id }) => id).filter((id) => !isScheduledTime(entry, scheduledTimeOf(name, id)!));
    if (offSchedule.length > 0) await this.pool.query(`DELETE FROM jobs WHERE queue = $1 AND status = 'waiting' AND id = ANY($2)`, [this.queue, offSchedule]);
    await this.addScheduledRun(name, first);
  }

  private async addScheduledRun(name: string, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO jobs (id, queue, name, data, max_attempts, backoff_ms, run_at) VALUES ($1, $2, $3, 'null'::jsonb, $4, $5, $6)
       ON CONFLICT (id) DO NOTHING`,
      [scheduledRunId(name, at), this.queue, name, SCHEDULED_ATTEMPTS, DEFAULT_BACKOFF_MS, at],
    );
    this.wake();
  }

  async startWorkers(concurrency = 2): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.workers = Array.from({ length: concurrency }, () => this.workLoop());
  }

  async stopWorkers(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** A hint that jobs may be due (e.g. a checkpoint transaction that enqueued has committed). */
  wake(): void {
    for (const wake of this.wakers) wake();
    this.enqueued.emit('job');
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const { rows } = await this.pool.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [jobId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async failed(limit = 50): Promise<JobRecord[]> {
    const { rows } = await this.pool.query<JobRow>(`SELECT * FROM jobs WHERE queue = $1 AND status = 'failed' ORDER BY finished_at DESC LIMIT $2`, [
      this.queue,
      limit,
    ]);
    return rows.map(toRecord);
  }

  async retry(jobId: string): Promise<void> {
    const { rowCount } = await this.pool.query(
      `UPDATE jobs SET status = 'waiting', attempts = 0, run_at = now(), last_error = NULL, finished_at = NULL
        WHERE id = $1 AND status = 'failed'`,
      [jobId],
    );
    if (rowCount === 0) throw new JobNotFailed(jobId);
    this.wake();
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM jobs LIMIT 1');
  }

  async close(): Promise<void> {
    await this.stopWorkers();
  }

  /** Forgets jobs completed longer ago than `olderThanMs` (a week by default, as BullMQ's removeOnComplete here); returns how many. */
  async purgeCompleted(olderThanMs = COMPLETED_KEPT_MS): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM jobs WHERE queue = $1 AND status = 'completed' AND finished_at < now() - make_interval(secs => $2::double precision / 1000)`,
      [this.queue, olderThanMs],
    );
    return rowCount ?? 0;
  }

  private async workLoop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        if (Date.now() >= this.nextPurgeAt) {
          this.nextPurgeAt = Date.now() + PURGE_EVERY_MS;
          await this.purgeCompleted();
        }
        worked = await this.runOne();
      } catch {
        // The database was unreachable: wait for the next poll.
      }
      if (!worked) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wakers.add(done);
    });
  }

  /** Takes one job of `which` (each its own index), locked for LOCK_SECONDS, or none. */
  private async claim(which: string): Promise<JobRow | undefined> {
    const { rows } = await this.pool.query<JobRow>(
      `UPDATE jobs SET status = 'active', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
        WHERE id = (${which} FOR UPDATE SKIP LOCKED) RETURNING *`,
      [this.queue, LOCK_SECONDS],
    );
    return rows[0];
  }

  private async runOne(): Promise<boolean> {
    const job = (await this.claim(ABANDONED)) ?? (await this.claim(DUE));
    if (!job) return false;
    const schedule = this.schedules.get(job.name);
    const scheduledAt = schedule && scheduledTimeOf(job.name, job.id);
    try {
      if (schedule && scheduledAt) await this.addScheduledRun(job.name, nextTime(schedule, new Date(Math.max(Date.now(), scheduledAt.getTime()))));
      const handler = this.handlers.get(job.name);
      if (!handler) throw new UnknownJobError(job.name);
      await handler(job.data, { jobId: job.id, attempt: job.attempts, ...(scheduledAt ? { scheduledAt } : {}) });
      await this.pool.query(`UPDATE jobs SET status = 'completed', finished_at = now(), locked_until = NULL WHERE id = $1`, [job.id]);
    } catch (error) {
      const finalAttempt = job.attempts >= job.max_attempts;
      await this.pool.query(
        `UPDATE jobs SET status = $2, last_error = $3, locked_until = NULL,
                run_at = now() + make_interval(secs => $4::double precision / 1000),
                finished_at = CASE WHEN $2 = 'failed' THEN now() END
          WHERE id = $1`,
        [job.id, finalAttempt ? 'failed' : 'waiting', errorText(error), job.backoff_ms * 2 ** (job.attempts - 1)],
      );
    }
    return true;
  }
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    data: row.data,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
  };
}
