import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type JobRecord,
} from './job-queue.port.js';

const WEEK_SECONDS = 7 * 24 * 3600;
/** A new connection waits for Redis forever; an enqueue must give up and let the caller retry. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * BullMQ on Redis. The producer connection does not queue commands while Redis is away:
 * an enqueue fails at once, so the event dispatcher keeps its checkpoint and tries again
 * later instead of hanging. BullMQ remembers a failed connection start for the life of a
 * Queue, so after a failed enqueue the producer is thrown away and the next enqueue builds
 * a new one. Completed jobs are kept a week so a re-dispatched event id is still
 * recognised as done.
 */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private producer: { redis: Redis; queue: Queue } | null = null;
  private worker: Worker | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly queueName = 'jobs',
  ) {}

  private get queue(): Queue {
    if (!this.producer) {
      const redis = new Redis(this.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      redis.on('error', () => {}); // the failing call reports it
      const queue = new Queue(this.queueName, { connection: redis, prefix: this.prefix });
      queue.on('error', () => {});
      this.producer = { redis, queue };
    }
    return this.producer.queue;
  }

  private dropProducer(): void {
    const producer = this.producer;
    this.producer = null;
    if (producer) {
      void producer.queue.close().catch(() => {});
      producer.redis.disconnect();
    }
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions): Promise<void> {
    try {
      await withTimeout(this.add(name, data, options), ENQUEUE_TIMEOUT_MS, 'Redis did not accept the job in time');
    } catch (error) {
      this.dropProducer();
      throw error;
    }
  }

  private async add(name: string, data: unknown, options: EnqueueOptions): Promise<void> {
    await this.queue.add(name, data ?? null, {
      jobId: bullJobId(options.jobId),
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      delay: options.delayMs,
      removeOnComplete: { age: WEEK_SECONDS },
      removeOnFail: false,
    });
  }

  register<TData>(name: string, handler: JobHandler<TData>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  async startWorkers(concurrency = 4): Promise<void> {
    if (this.worker) return;
    const connection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', () => {});
    this.worker = new Worker(
      this.queueName,
      async (job: Job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new UnknownJobError(job.name);
        await handler(job.data, { jobId: job.id!, attempt: job.attemptsMade + 1 });
      },
      { connection, prefix: this.prefix, concurrency },
    );
    this.worker.on('error', () => {});
  }

  async stopWorkers(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      await worker.close();
      await (worker.opts.connection as Redis).quit().catch(() => {});
    }
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const job = await this.queue.getJob(bullJobId(jobId));
    return job ? toRecord(job, await job.getState()) : null;
  }

  async failed(limit = 50): Promise<JobRecord[]> {
    const jobs = await this.queue.getFailed(0, limit - 1);
    return jobs.map((job) => toRecord(job, 'failed'));
  }

  async retry(jobId: string): Promise<void> {
    const job = await this.queue.getJob(bullJobId(jobId));
    if (!job || !(await job.isFailed())) throw new Error(`Job ${jobId} is not a failed job`);
    await job.retry('failed');
  }

  wake(): void {}

  async ping(): Promise<void> {
    try {
      await withTimeout(this.queue.waitUntilReady(), ENQUEUE_TIMEOUT_MS, 'Redis is not reachable');
      await this.producer!.redis.ping();
    } catch (error) {
      this.dropProducer();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    const producer = this.producer;
    this.producer = null;
    if (producer) {
      await producer.queue.close().catch(() => {});
      producer.redis.disconnect();
    }
  }
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

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
