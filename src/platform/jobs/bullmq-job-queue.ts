import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';

import { openRedis, viaRedis, whenReady } from '../redis/redis-connection.js';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
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

const WEEK_SECONDS = 7 * 24 * 3600;
const BACKGROUND_PRIORITY = 1_000;

const jobOptions = (options: EnqueueOptions) => ({
  jobId: bullJobId(options.jobId),
  attempts: options.attempts ?? DEFAULT_ATTEMPTS,
  backoff: { type: 'exponential' as const, delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
  delay: options.delayMs,
  // BullMQ takes every job without a priority before any prioritized one.
  ...(options.background ? { priority: BACKGROUND_PRIORITY } : {}),
  removeOnComplete: { age: WEEK_SECONDS },
  removeOnFail: false,
});

/**
 * BullMQ on Redis. Every call from a request or from the event dispatcher goes through one
 * connection that fails at once while Redis is away and gives up after REDIS_TIMEOUT_MS
 * when it is slow: the caller gets RedisUnavailable (503), and the dispatcher keeps its
 * checkpoint and tries again. The Queue is built only once that connection has been ready
 * (BullMQ keeps a failed start for the life of a Queue), then kept; the connection
 * reconnects by itself. Completed jobs are kept a week so a re-dispatched event id is
 * still recognised as done.
 */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly redis: Redis;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly queueName = 'jobs',
  ) {
    this.redis = openRedis(redisUrl, 'command');
  }

  /** Runs `work` on the queue, or throws RedisUnavailable within about a second. */
  private async onQueue<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    await whenReady(this.redis);
    if (!this.queue) {
      this.queue = new Queue(this.queueName, { connection: this.redis, prefix: this.prefix });
      this.queue.on('error', () => {}); // the failing call reports it
    }
    const queue = this.queue;
    return viaRedis(() => work(queue));
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions): Promise<void> {
    await this.onQueue((queue) => queue.add(name, data ?? null, jobOptions(options)));
  }

  async enqueueAll(jobs: readonly QueuedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.onQueue((queue) => queue.addBulk(jobs.map((job) => ({ name: job.name, data: job.data ?? null, opts: jobOptions(job.options) }))));
  }

  register<TData>(name: string, handler: JobHandler<TData>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  /** A BullMQ job scheduler: Redis keeps the schedule, so each scheduled time runs once across processes; upserting replaces it. */
  async every(name: string, schedule: JobSchedule, timeZone = 'UTC'): Promise<void> {
    const repeat = typeof schedule === 'string' ? { pattern: schedule, tz: timeZone } : { every: schedule.everyMs };
    await this.onQueue((queue) =>
      queue.upsertJobScheduler(name, repeat, {
        name,
        data: null,
        opts: {
          attempts: SCHEDULED_ATTEMPTS,
          backoff: { type: 'exponential', delay: DEFAULT_BACKOFF_MS },
          removeOnComplete: { age: WEEK_SECONDS },
          removeOnFail: { age: WEEK_SECONDS },
        },
      }),
    );
  }

  /** Jobs wait on the database and on outside calls far more than they compute: many run at once. */
  async startWorkers(concurrency = 16): Promise<void> {
    if (this.worker) return;
    // Waits for Redis as long as it takes: a worker started during an outage runs once it is back.
    const connection = (this.workerConnection = openRedis(this.redisUrl, 'worker'));
    this.worker = new Worker(
      this.queueName,
      async (job: Job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new UnknownJobError(job.name);
        const scheduledAt = scheduledTimeOf(job);
        await handler(job.data, { jobId: job.id!, attempt: job.attemptsMade + 1, ...(scheduledAt ? { scheduledAt } : {}) });
      },
      { connection, prefix: this.prefix, concurrency },
    );
    this.worker.on('error', () => {});
  }

  async stopWorkers(): Promise<void> {
    const worker = this.worker;
    const connection = this.workerConnection;
    this.worker = null;
    this.workerConnection = null;
    if (worker) {
      // While Redis is away a graceful close would wait for it: then only disconnect.
      if (connection?.status === 'ready') await worker.close();
      else void worker.close(true).catch(() => {});
      connection?.disconnect();
    }
  }

  async get(jobId: string): Promise<JobRecord | null> {
    return this.onQueue(async (queue) => {
      const job = await queue.getJob(bullJobId(jobId));
      return job ? toRecord(job, await job.getState()) : null;
    });
  }

  async failed(limit = 50): Promise<JobRecord[]> {
    const jobs = await this.onQueue((queue) => queue.getFailed(0, limit - 1));
    return jobs.map((job) => toRecord(job, 'failed'));
  }

  async retry(jobId: string): Promise<void> {
    const job = await this.onQueue((queue) => queue.getJob(bullJobId(jobId)));
    if (!job || !(await viaRedis(() => job.isFailed()))) throw new JobNotFailed(jobId);
    await viaRedis(() => job.retry('failed'));
  }

  wake(): void {}

  async ping(): Promise<void> {
    await whenReady(this.redis);
    await viaRedis(() => this.redis.ping());
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    const queue = this.queue;
    this.queue = null;
    if (queue && this.redis.status === 'ready') await queue.close().catch(() => {});
    this.redis.disconnect();
  }
}

/** A job scheduler's run is `repeat:<scheduler>:<scheduled millis>` (BullMQ's getSchedulerNextJobId). */
function scheduledTimeOf(job: Job): Date | undefined {
  if (!job.repeatJobKey || !job.id) return undefined;
  const millis = Number(job.id.slice(job.id.lastIndexOf(':') + 1));
  return Number.isFinite(millis) ? new Date(millis) : undefined;
}

/** BullMQ refuses ':' in custom ids (it separates its key names). */
const bullJobId = (jobId: string) => jobId.replaceAll(':', '_');

function toRecord(job: Job, state: string): JobRecord {
  const known = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
  return {
    id: job.id!,
    name: job.name,
    data: job.data,
    status: (known as readonly string[]).includes(state) ? (state as JobRecord['status']) : 'unknown',
    attempts: job.attemptsMade,
    lastError: job.failedReason ?? null,
    createdAt: new Date(job.timestamp).toISOString(),
  };
}
