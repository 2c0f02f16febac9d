import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeIf } from '../../../test/support/not-run.js';
import { freePort, RedisProcess, redisServerAvailable } from '../../../test/support/redis-process.js';
import { testDatabases, testRedisPrefix, testRedisUrl } from '../../../test/support/test-databases.js';
import { newEvent, systemContext } from '../event-store/new-event.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { SubscriptionRunner } from '../projections/subscription-runner.js';
import { RedisUnavailable } from '../redis/redis-connection.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';
import { eventJobDispatcher } from './event-job-dispatcher.js';
import type { JobQueue } from './job-queue.port.js';
import { PostgresJobQueue } from './postgres-job-queue.js';

/** `open` makes a queue of its own; `openShared` two handles on one queue, as two processes have. */
type Driver = { name: string; needs: string | null; open(pool: SqlPool): JobQueue; openShared(pool: SqlPool): [JobQueue, JobQueue] };

const redisUrl = testRedisUrl();
const drivers: Driver[] = [
  {
    name: 'postgres table',
    needs: null,
    open: (pool) => new PostgresJobQueue(pool, `q-${randomUUID()}`, 50),
    openShared: (pool) => {
      const name = `q-${randomUUID()}`;
      return [new PostgresJobQueue(pool, name, 50), new PostgresJobQueue(pool, name, 50)];
    },
  },
  {
    name: 'bullmq',
    needs: redisUrl ? null : 'REDIS_URL',
    open: () => new BullmqJobQueue(redisUrl!, testRedisPrefix('bullmq')),
    openShared: () => {
      const prefix = testRedisPrefix('bullmq');
      return [new BullmqJobQueue(redisUrl!, prefix), new BullmqJobQueue(redisUrl!, prefix)];
    },
  },
];

/** The times between scheduled runs, in order. */
const gapsOf = (times: number[]) => [...times].sort((a, b) => a - b).flatMap((at, i, sorted) => (i === 0 ? [] : [at - sorted[i - 1]!]));

/** Runs `scenario` on two handles of one fresh queue, closing both afterwards. */
async function withSharedQueue(driver: Driver, pool: SqlPool, scenario: (queues: [JobQueue, JobQueue]) => Promise<void>): Promise<void> {
  const queues = driver.openShared(pool);
  try {
    await scenario(queues);
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
}

const database = testDatabases()[0]!;

for (const driver of drivers) {
  describeIf(!driver.needs, driver.needs ?? '', `job queue: ${driver.name}`, () => {
    let pool: SqlPool;
    let queue: JobQueue;

    beforeAll(async () => {
      pool = createPool(database.url, 6);
      queue = driver.open(pool);
    });
    afterAll(async () => {
      await queue.close();
      await pool.end();
    });

    it('runs a job once even when it is enqueued twice under one id', async () => {
      const runs: string[] = [];
      queue.register<{ who: string }>('greet', async (data) => {
        runs.push(data.who);
      });
      await queue.startWorkers(2);
      const jobId = randomUUID();
      await queue.enqueue('greet', { who: 'ana' }, { jobId });
      await queue.enqueue('greet', { who: 'ana' }, { jobId });
      // A later job as a fence: jobs are taken in order, so once it has run and the workers
      // have drained, a second copy of the first would have run too.
      await queue.enqueue('greet', { who: 'fence' }, { jobId: randomUUID() });
      await expect.poll(() => runs.includes('fence')).toBe(true);
      await queue.stopWorkers();
      expect(runs.filter((who) => who === 'ana')).toEqual(['ana']);
      expect((await queue.get(jobId))?.status).toBe('completed');
      await queue.startWorkers(2);
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      let calls = 0;
      queue.register('flaky', async () => {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      });
      const jobId = randomUUID();
      await queue.enqueue('flaky', {}, { jobId, attempts: 5, backoffMs: 20 });
      await expect.poll(async () => (await queue.get(jobId))?.status).toBe('completed');
      expect(calls).toBe(3);
    });

    it('shows a job that ran out of attempts among the failed ones, and runs it again on retry', async () => {
      let healthy = false;
      queue.register('doomed', async () => {
        if (!healthy) throw new Error('mail server said no');
      });
      const jobId = randomUUID();
      await queue.enqueue('doomed', { n: 1 }, { jobId, attempts: 2, backoffMs: 10 });
      await expect.poll(async () => (await queue.get(jobId))?.status).toBe('failed');
      const failed = await queue.failed();
      const record = failed.find((j) => j.id === jobId);
      expect(record).toMatchObject({ name: 'doomed', attempts: 2 });
      expect(record!.lastError).toContain('mail server said no');

      healthy = true;
      await queue.retry(jobId);
      await expect.poll(async () => (await queue.get(jobId))?.status).toBe('completed');
    });

    it('runs a periodic job once per interval however many processes schedule it, telling each run its scheduled time', async () => {
      await withSharedQueue(driver, pool, async (queues) => {
        const runs: number[] = [];
        for (const q of queues) {
          q.register('tick', async (_data, { scheduledAt }) => {
            runs.push(scheduledAt!.getTime());
          });
          await q.every('tick', { everyMs: 300 });
          await q.startWorkers(2);
        }
        await expect.poll(() => runs.length).toBeGreaterThanOrEqual(4);
        await Promise.all(queues.map((q) => q.stopWorkers()));
        expect(new Set(runs).size, 'a scheduled time ran twice').toBe(runs.length);
        // Never two runs within one interval. (BullMQ may take a run late on a loaded machine and
        // count the next from it, so the times are not always whole intervals apart.)
        expect(gapsOf(runs).filter((gap) => gap < 300)).toEqual([]);
      });
    });

    it('keeps to a cron pattern in its time zone, and a failing run does not stop the next', async () => {
      await withSharedQueue(driver, pool, async ([q]) => {
        const scheduled = new Set<number>();
        q.register('every-second', async (_data, { scheduledAt }) => {
          scheduled.add(scheduledAt!.getTime());
          throw new Error('the sweep failed');
        });
        await q.every('every-second', '* * * * * *', 'America/Chicago');
        await q.startWorkers(2);
        await expect.poll(() => scheduled.size).toBeGreaterThanOrEqual(2);
        expect([...scheduled].filter((at) => at % 1_000 !== 0)).toEqual([]);
      });
    });

    it('replaces a schedule when it is set again', async () => {
      await withSharedQueue(driver, pool, async ([q]) => {
        const runs: number[] = [];
        q.register('report', async (_data, { scheduledAt }) => {
          runs.push(scheduledAt!.getTime());
        });
        await q.every('report', '0 0 1 1 *', 'UTC');
        await q.every('report', { everyMs: 250 });
        await q.startWorkers(1);
        await expect.poll(() => runs.length).toBeGreaterThanOrEqual(3);
        // The new interval runs, never two within one of it (the yearly pattern it replaced would not).
        expect(gapsOf(runs).filter((gap) => gap < 250)).toEqual([]);
      });
    });

    it('refuses a pattern that is not cron', async () => {
      await withSharedQueue(driver, pool, async ([q]) => {
        await expect(q.every('nonsense', 'every day at three', 'UTC')).rejects.toThrow();
      });
    });

    it('runs a background job only when no other job is due', async () => {
      const order: string[] = [];
      queue.register<{ name: string }>('lane-probe', async ({ name }) => {
        order.push(name);
      });
      await queue.stopWorkers();
      await queue.enqueueAll(
        Array.from({ length: 5 }, (_, i) => ({ name: 'lane-probe', data: { name: `bulk-${i}` }, options: { jobId: randomUUID(), background: true } })),
      );
      await queue.enqueue('lane-probe', { name: 'urgent' }, { jobId: randomUUID() });
      await queue.startWorkers(1);
      await expect.poll(() => order.length).toBe(6);
      expect(order[0]).toBe('urgent');
      expect(order.slice(1).sort()).toEqual(['bulk-0', 'bulk-1', 'bulk-2', 'bulk-3', 'bulk-4']);
      await queue.stopWorkers();
      await queue.startWorkers(2);
    });

    // The table driver's own housekeeping (BullMQ removes completed jobs itself, removeOnComplete).
    if (driver.name === 'postgres table')
      it('forgets completed jobs after a week, and only those', async () => {
        const table = queue as PostgresJobQueue;
        queue.register('purge-probe', async () => {});
        const [old, recent] = [randomUUID(), randomUUID()];
        await queue.enqueueAll([old, recent].map((jobId) => ({ name: 'purge-probe', data: {}, options: { jobId } })));
        await expect.poll(async () => [(await queue.get(old))?.status, (await queue.get(recent))?.status]).toEqual(['completed', 'completed']);
        await pool.query(`UPDATE jobs SET finished_at = now() - interval '8 days' WHERE id = $1`, [old]);
        expect(await table.purgeCompleted()).toBe(1);
        expect(await queue.get(old)).toBeNull();
        expect((await queue.get(recent))?.status).toBe('completed');
      });

    it('starts one job per stored event through the checkpointed dispatcher', async () => {
      const store = new PostgresEventStore(pool);
      const seen: string[] = [];
      const eventType = `Probe${randomUUID().slice(0, 8)}`;
      queue.register<{ event: { metadata: { eventId: string } } }>('on-probe', async (data) => {
        seen.push(data.event.metadata.eventId);
      });
      const runner = new SubscriptionRunner(store, pool, [{ ...eventJobDispatcher(queue, [{ eventType, job: 'on-probe' }]), name: `dispatch-${eventType}` }], {
        pollIntervalMs: 100,
      });
      await runner.start();
      try {
        const events = [newEvent(eventType, {}, systemContext('test')), newEvent(eventType, {}, systemContext('test'))];
        await store.append(`probe-${randomUUID()}`, events, { expectedVersion: 'no_stream' });
        await expect.poll(() => [...seen].sort()).toEqual(events.map((e) => e.metadata.eventId).sort());
      } finally {
        await runner.stop();
      }
    });

    it('hands a batching job the events of one read together, in store order, at most its batch size per job', async () => {
      const store = new PostgresEventStore(pool);
      const jobs: string[][] = [];
      const [first, second] = [`ProbeA${randomUUID().slice(0, 8)}`, `ProbeB${randomUUID().slice(0, 8)}`];
      queue.register<{ events: { type: string; metadata: { eventId: string } }[] }>('on-probes', async ({ events }) => {
        jobs.push(events.map((e) => e.metadata.eventId));
      });
      const events = Array.from({ length: 7 }, (_, i) => newEvent(i % 2 ? second : first, { i }, systemContext('test')));
      const name = `dispatch-batch-${randomUUID()}`;
      const head = await store.headPosition();
      await pool.query('INSERT INTO es_checkpoints (subscriber, commit_position, prepare_position) VALUES ($1, $2, $3)', [
        name,
        head.commit.toString(),
        head.prepare.toString(),
      ]);
      // Stored before the dispatcher starts, so its first read brings all seven.
      await store.append(`probe-${randomUUID()}`, events, { expectedVersion: 'no_stream' });
      const triggers = [first, second].map((eventType) => ({ eventType, job: 'on-probes', batch: 3 }));
      const runner = new SubscriptionRunner(store, pool, [{ ...eventJobDispatcher(queue, triggers), name }], { pollIntervalMs: 100 });
      await runner.start();
      try {
        await expect.poll(() => jobs.flat().length).toBe(7);
        expect(jobs.map((ids) => ids.length).sort()).toEqual([1, 3, 3]);
        const inOrder = [...jobs].sort((a, b) => events.findIndex((e) => e.metadata.eventId === a[0]) - events.findIndex((e) => e.metadata.eventId === b[0]));
        expect(inOrder.flat()).toEqual(events.map((e) => e.metadata.eventId));
      } finally {
        await runner.stop();
      }
    });
  });
}

describeIf(redisServerAvailable(), 'redis-server', 'job dispatch while Redis is down', () => {
  it('runs the jobs of events stored while Redis was stopped once Redis is back', async () => {
    const redis = new RedisProcess(await freePort());
    await redis.start();
    const pool = createPool(database.url, 6);
    const store = new PostgresEventStore(pool);
    const queue = new BullmqJobQueue(redis.url, 'outage-test');
    const eventType = `Outage${randomUUID().slice(0, 8)}`;
    const runs: string[] = [];
    queue.register<{ event: { metadata: { eventId: string } } }>('after-outage', async (data) => {
      runs.push(data.event.metadata.eventId);
    });
    const runner = new SubscriptionRunner(
      store,
      pool,
      [{ ...eventJobDispatcher(queue, [{ eventType, job: 'after-outage' }]), name: `dispatch-${eventType}` }],
      {
        pollIntervalMs: 100,
      },
    );
    try {
      await queue.startWorkers(1);
      await runner.start();
      await redis.stop();

      const accepted = newEvent(eventType, {}, systemContext('test'));
      await store.append(`outage-${randomUUID()}`, [accepted], { expectedVersion: 'no_stream' });
      // The dispatcher has tried to hand the job over and failed: nothing ran, nothing was skipped.
      await expect.poll(async () => (await runner.status())[0]!.lastError).not.toBeNull();
      expect(runs).toEqual([]);
      expect((await runner.status())[0]!.caughtUp).toBe(false);

      await redis.start();
      await expect.poll(() => runs, { interval: 200 }).toEqual([accepted.metadata.eventId]);
      await expect.poll(async () => (await runner.status())[0]!.caughtUp).toBe(true);
    } finally {
      await runner.stop();
      await queue.close();
      await redis.stop();
      await pool.end();
    }
  });

  it('refuses queue calls with RedisUnavailable while Redis is down, and a worker started meanwhile runs jobs once it is back', async () => {
    const redis = new RedisProcess(await freePort());
    const queue = new BullmqJobQueue(redis.url, `outage-${randomUUID()}`);
    const runs: string[] = [];
    queue.register<{ n: string }>('later', async (data) => {
      runs.push(data.n);
    });
    try {
      await queue.startWorkers(1);
      await expect(queue.failed()).rejects.toBeInstanceOf(RedisUnavailable);
      await expect(queue.get('any')).rejects.toBeInstanceOf(RedisUnavailable);
      await expect(queue.enqueue('later', { n: 'lost' }, { jobId: randomUUID() })).rejects.toBeInstanceOf(RedisUnavailable);
      await expect(queue.ping()).rejects.toBeInstanceOf(RedisUnavailable);

      await redis.start();
      await expect
        .poll(() =>
          queue.ping().then(
            () => 'up',
            () => 'down',
          ),
        )
        .toBe('up');
      await queue.enqueue('later', { n: 'after' }, { jobId: randomUUID() });
      await expect.poll(() => runs).toEqual(['after']);
      expect(await queue.failed()).toEqual([]);
    } finally {
      await queue.close();
      await redis.stop();
    }
  });
});
