import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { newEvent, systemContext } from '../event-store/new-event.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type SqlClient, type SqlPool } from '../persistence/sql.js';
import { ensureCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints.js';
import { SubscriptionRunner, type Subscriber } from './subscription-runner.js';

/** Resolves for everyone once `parties` callers are waiting: makes two runners read the same batch before either commits. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived >= parties) open();
    return opened;
  };
}

/** Records every event it is given, without a unique key, so a second application shows as a duplicate row. */
function recordingSubscriber(name: string, eventType: string, meet: () => Promise<void>): Subscriber {
  return {
    name,
    eventTypes: [eventType],
    async prepare() {
      await meet();
    },
    async apply(events: readonly RecordedEvent[], tx: SqlClient) {
      await tx.query('INSERT INTO test_runner_applied (subscriber, event_id) SELECT $1, unnest($2::uuid[])', [name, events.map((e) => e.metadata.eventId)]);
    },
  };
}

/**
 * A pool of its own (its clients are altered) counting the checkpoint writes made through it;
 * after `failWrites()` those writes fail, as they would in a process that dies.
 */
function countingPool(url: string): { pool: SqlPool; writes: () => number; failWrites: () => void; end: () => Promise<void> } {
  const pool = createPool(url, 2);
  let writes = 0;
  let failing = false;
  const wrapped = new WeakSet<object>();
  const counted = (query: (...args: never[]) => unknown) =>
    ((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      if (text.includes('UPDATE es_checkpoints')) {
        if (failing) return Promise.reject(new Error('the process died'));
        writes++;
      }
      return (query as (...a: unknown[]) => unknown)(...args);
    }) as never;
  const proxy = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return counted(target.query.bind(target));
      if (property === 'connect')
        return async () => {
          const client = await target.connect();
          if (!wrapped.has(client)) {
            wrapped.add(client);
            client.query = counted(client.query.bind(client));
          }
          return client;
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { pool: proxy, writes: () => writes, failWrites: () => (failing = true), end: () => pool.end() };
}

for (const database of everyDatabase()) {
  describeOn(database, `a subscription runner passing over events on ${database.name}`, () => {
    let pool: SqlPool;
    let store: PostgresEventStore;
    const ctx = systemContext('runner-test');

    beforeAll(async () => {
      pool = createPool(database.url, 4);
      store = new PostgresEventStore(pool);
      await pool.query('CREATE TABLE IF NOT EXISTS test_runner_applied (subscriber text NOT NULL, event_id uuid NOT NULL)');
    });
    afterAll(async () => pool.end());

    const appendOne = async (type: string) => {
      const event = newEvent(type, {}, ctx);
      await store.append(`probe-${randomUUID()}`, [event], { expectedVersion: 'no_stream' });
      return event.metadata.eventId;
    };
    const appliedIds = async (name: string) =>
      (await pool.query<{ event_id: string }>('SELECT event_id FROM test_runner_applied WHERE subscriber = $1', [name])).rows.map((r) => r.event_id);
    const startAtHead = async (name: string) => {
      await ensureCheckpoint(pool, name);
      await writeCheckpoint(pool, name, await store.headPosition());
    };

    it('writes its checkpoint once for events it does not handle, not once per batch of them', async () => {
      const name = `passing-${randomUUID()}`;
      const handled = `RunnerHandled${randomUUID().slice(0, 8)}`;
      const other = `${handled}Other`;
      await startAtHead(name);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) await appendOne(other);
      const pair = [newEvent(handled, {}, ctx), newEvent(handled, {}, ctx)];
      await store.append(`probe-${randomUUID()}`, pair, { expectedVersion: 'no_stream' });
      ids.push(...pair.map((e) => e.metadata.eventId));
      for (let i = 0; i < 10; i++) await appendOne(other);
      const counting = countingPool(database.url);
      const runner = new SubscriptionRunner(store, counting.pool, [recordingSubscriber(name, handled, async () => {})], {
        batchSize: 5,
        lazyCheckpointMs: 60_000,
      });

      await runner.catchUp(name).finally(counting.end);

      expect((await appliedIds(name)).sort()).toEqual([...ids].sort());
      // Nine batches of five (one each before): one write with the two it applied, one at the end for the ten after them.
      expect(counting.writes()).toBeLessThanOrEqual(3); // 2 alone; 3 if another test's events put a batch's end between the two
      expect(await readCheckpoint(pool, name)).toEqual(await store.headPosition());
    });

    it('stores a lazily checkpointing subscriber’s progress without a transaction per batch, and hands a restart what it had not stored', async () => {
      const name = `lazy-${randomUUID()}`;
      const handled = `RunnerLazy${randomUUID().slice(0, 8)}`;
      await startAtHead(name);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) ids.push(await appendOne(handled));
      const prepared: string[] = [];
      const lazy = (): Subscriber => ({
        name,
        eventTypes: [handled],
        checkpointLazily: true,
        async prepare(events) {
          prepared.push(...events.map((e) => e.metadata.eventId));
        },
        async apply() {
          throw new Error('a lazily checkpointing subscriber has nothing to apply');
        },
      });
      const counting = countingPool(database.url);
      await new SubscriptionRunner(store, counting.pool, [lazy()], { batchSize: 5, lazyCheckpointMs: 60_000 }).catchUp(name);
      expect(prepared).toEqual(ids);
      expect(counting.writes()).toBe(1); // at the end of the catch-up, not once per batch of five
      expect(await readCheckpoint(pool, name)).toEqual(await store.headPosition());

      // Live, then a crash before the progress is written: a restart prepares those events again (the subscriber absorbs repeats).
      const live = new SubscriptionRunner(store, counting.pool, [lazy()], { pollIntervalMs: 20, lazyCheckpointMs: 60_000 });
      await live.start();
      const tail: string[] = [];
      for (let i = 0; i < 5; i++) tail.push(await appendOne(handled));
      await expect.poll(() => prepared.length, { timeout: 10_000 }).toBe(35);
      counting.failWrites();
      await live.stop();
      await counting.end();
      prepared.length = 0;
      await new SubscriptionRunner(store, pool, [lazy()], { batchSize: 5 }).catchUp(name);
      expect(prepared).toEqual(tail);
      expect(await readCheckpoint(pool, name)).toEqual(await store.headPosition());
    });

    it('applies what it reads live in short transactions (an open one holds back every later event from all readers), each event once and in order', async () => {
      const name = `chunks-${randomUUID()}`;
      const handled = `RunnerChunked${randomUUID().slice(0, 8)}`;
      await startAtHead(name);
      const sizes: number[] = [];
      const recording = recordingSubscriber(name, handled, async () => {});
      const sizing: Subscriber = {
        ...recording,
        async apply(events, tx) {
          sizes.push(events.length);
          return recording.apply(events, tx);
        },
      };
      const batch = Array.from({ length: 60 }, () => newEvent(handled, {}, ctx));
      await store.append(`probe-${randomUUID()}`, batch, { expectedVersion: 'no_stream' });
      const runner = new SubscriptionRunner(store, pool, [sizing], { pollIntervalMs: 20 });
      await runner.start();
      try {
        await expect.poll(async () => (await appliedIds(name)).length).toBe(60);
      } finally {
        await runner.stop();
      }
      const { rows } = await pool.query<{ event_id: string }>('SELECT event_id FROM test_runner_applied WHERE subscriber = $1 ORDER BY ctid', [name]);
      expect(rows.map((row) => row.event_id)).toEqual(batch.map((event) => event.metadata.eventId));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(60);
    });

    it('after a restart neither applies an event twice nor misses one, though what it passed over was never written', async () => {
      const name = `restart-${randomUUID()}`;
      const handled = `RunnerHandled${randomUUID().slice(0, 8)}`;
      const other = `${handled}Other`;
      await startAtHead(name);
      const ids: string[] = [];
      const appendMix = async (count: number) => {
        for (let i = 0; i < count; i++) {
          if (i % 4 === 0) ids.push(await appendOne(handled));
          else await appendOne(other);
        }
      };
      await appendMix(20);
      const counting = countingPool(database.url);
      const first = new SubscriptionRunner(store, counting.pool, [recordingSubscriber(name, handled, async () => {})], {
        batchSize: 3,
        lazyCheckpointMs: 60_000,
      });
      await first.start();
      try {
        await expect.poll(async () => (await appliedIds(name)).length).toBe(ids.length);
        await expect.poll(async () => (await first.status())[0]!.caughtUp).toBe(true);
      } finally {
        counting.failWrites(); // dies: the events passed over since its last apply stay unwritten
        await first.stop();
        await counting.end();
      }
      expect(await readCheckpoint(pool, name)).not.toEqual(await store.headPosition());

      await appendMix(9);
      const second = new SubscriptionRunner(store, pool, [recordingSubscriber(name, handled, async () => {})], { batchSize: 4, pollIntervalMs: 20 });
      await second.start();
      try {
        await expect.poll(async () => (await appliedIds(name)).length).toBe(ids.length);
      } finally {
        await second.stop();
      }
      const applied = await appliedIds(name);
      expect(applied.sort()).toEqual([...ids].sort());
      expect(await readCheckpoint(pool, name)).toEqual(await store.headPosition());
    });
  });

  describeOn(database, `two subscription runners on one checkpoint on ${database.name}`, () => {
    let pool: SqlPool;
    let store: PostgresEventStore;

    beforeAll(async () => {
      pool = createPool(database.url, 4);
      store = new PostgresEventStore(pool);
      await pool.query('CREATE TABLE IF NOT EXISTS test_runner_applied (subscriber text NOT NULL, event_id uuid NOT NULL)');
    });
    afterAll(async () => pool.end());

    it('applies each event exactly once, though both read the same batch before either commits', async () => {
      const name = `two-runners-${randomUUID()}`;
      const eventType = `RunnerProbe${randomUUID().slice(0, 8)}`;
      // Start at the head: the runners read only this test's events.
      await ensureCheckpoint(pool, name);
      await writeCheckpoint(pool, name, await store.headPosition());
      const ctx = systemContext('runner-test');
      const appended: string[] = [];
      for (let i = 0; i < 60; i++) {
        const event = newEvent(eventType, { i }, ctx);
        await store.append(`probe-${randomUUID()}`, [event], { expectedVersion: 'no_stream' });
        appended.push(event.metadata.eventId);
        // Events neither handles, passed over without a checkpoint write each.
        if (i % 3 === 0) await store.append(`other-${randomUUID()}`, [newEvent(`${eventType}Other`, { i }, ctx)], { expectedVersion: 'no_stream' });
      }

      // Both runners hold the first batch, read from the same checkpoint, before either opens its transaction.
      const meet = barrier(2);
      const first = recordingSubscriber(name, eventType, meet);
      const second = recordingSubscriber(name, eventType, meet);
      const poolA = createPool(database.url, 2);
      const poolB = createPool(database.url, 2);
      const runners = [
        new SubscriptionRunner(new PostgresEventStore(poolA), poolA, [first], { batchSize: 10, pollIntervalMs: 20 }),
        new SubscriptionRunner(new PostgresEventStore(poolB), poolB, [second], { batchSize: 7, pollIntervalMs: 20, lazyCheckpointMs: 5 }),
      ];
      const applied = async () =>
        Number((await pool.query<{ n: string }>('SELECT count(DISTINCT event_id) AS n FROM test_runner_applied WHERE subscriber = $1', [name])).rows[0]!.n);
      try {
        await Promise.all(runners.map((r) => r.start()));
        await expect.poll(applied).toBe(appended.length);
      } finally {
        await Promise.all(runners.map((r) => r.stop()));
        await Promise.all([poolA.end(), poolB.end()]);
      }

      const { rows } = await pool.query<{ event_id: string; times: string }>(
        'SELECT event_id, count(*) AS times FROM test_runner_applied WHERE subscriber = $1 GROUP BY event_id',
        [name],
      );
      expect(rows.filter((r) => Number(r.times) !== 1)).toEqual([]);
      expect(rows.map((r) => r.event_id).sort()).toEqual([...appended].sort());
    });
    it('rebuilds into bare tables and builds their secondary indexes at the end, also after a rebuild that died half way', async () => {
      const table = `test_rebuilt_${randomUUID().slice(0, 8)}`;
      const eventType = `Rebuilt${randomUUID().slice(0, 8)}`;
      await pool.query(`CREATE TABLE ${table} (event_id uuid PRIMARY KEY, stream_id text NOT NULL)`);
      await pool.query(`CREATE INDEX ${table}_stream ON ${table} (stream_id)`);
      for (let i = 0; i < 5; i++)
        await store.append(`probe-${randomUUID()}`, [newEvent(eventType, {}, systemContext('runner-test'))], { expectedVersion: 'no_stream' });
      const indexesOf = async () =>
        (await pool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY 1', [table])).rows.map((r) => r.indexname);
      const deferred = async (name: string) =>
        (await pool.query<{ index_name: string }>('SELECT index_name FROM projection_deferred_indexes WHERE subscriber = $1', [name])).rows.map(
          (r) => r.index_name,
        );
      let failAfter = Infinity;
      let indexesSeen: string[] = [];
      const projection = (name: string): Subscriber => ({
        name,
        eventTypes: [eventType],
        rebuildTables: [table],
        async reset(tx) {
          await tx.query(`TRUNCATE ${table}`);
        },
        async apply(events, tx) {
          indexesSeen = (await tx.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE tablename = $1', [table])).rows.map((r) => r.indexname);
          if (--failAfter < 0) throw new Error('the process died');
          await tx.query(`INSERT INTO ${table} (event_id, stream_id) SELECT unnest($1::uuid[]), 'probe'`, [events.map((e) => e.metadata.eventId)]);
        },
      });
      const name = `rebuilt-${randomUUID()}`;
      const runner = new SubscriptionRunner(store, pool, [projection(name)], { batchSize: 2 });
      expect(await runner.rebuild(name)).toBeGreaterThanOrEqual(5);
      // The rows went into the table without its secondary index; the index is back after.
      expect(indexesSeen).toEqual([`${table}_pkey`]);
      expect(await indexesOf()).toEqual([`${table}_pkey`, `${table}_stream`]);
      expect(await deferred(name)).toEqual([]);

      // A replay that fails still builds them; one that dies with its process leaves the list, for the next start.
      failAfter = 1;
      await expect(runner.rebuild(name)).rejects.toThrow('the process died');
      expect(await indexesOf()).toEqual([`${table}_pkey`, `${table}_stream`]);
      expect(await deferred(name)).toEqual([]);
      await pool.query(`DROP INDEX ${table}_stream`);
      await pool.query('INSERT INTO projection_deferred_indexes (subscriber, index_name, definition) VALUES ($1, $2, $3)', [
        name,
        `${table}_stream`,
        `CREATE INDEX ${table}_stream ON ${table} USING btree (stream_id)`,
      ]);
      failAfter = Infinity;
      const restarted = new SubscriptionRunner(store, pool, [projection(name)], { pollIntervalMs: 20 });
      await restarted.start();
      await restarted.stop();
      expect(await indexesOf()).toEqual([`${table}_pkey`, `${table}_stream`]);
      expect(await deferred(name)).toEqual([]);
      await pool.query(`DROP TABLE ${table}`);
    });
  });
}
