import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { newEvent, systemContext } from '../event-store/new-event.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type SqlClient, type SqlPool } from '../persistence/sql.js';
import { ensureCheckpoint, writeCheckpoint } from './checkpoints.js';
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

for (const database of everyDatabase()) {
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
      }

      // Both runners hold the first batch, read from the same checkpoint, before either opens its transaction.
      const meet = barrier(2);
      const first = recordingSubscriber(name, eventType, meet);
      const second = recordingSubscriber(name, eventType, meet);
      const poolA = createPool(database.url, 2);
      const poolB = createPool(database.url, 2);
      const runners = [
        new SubscriptionRunner(new PostgresEventStore(poolA), poolA, [first], { batchSize: 10, pollIntervalMs: 20 }),
        new SubscriptionRunner(new PostgresEventStore(poolB), poolB, [second], { batchSize: 10, pollIntervalMs: 20 }),
      ];
      const applied = async () =>
        Number((await pool.query<{ n: string }>('SELECT count(DISTINCT event_id) AS n FROM test_runner_applied WHERE subscriber = $1', [name])).rows[0]!.n);
      try {
        await Promise.all(runners.map((r) => r.start()));
        await expect.poll(applied, { timeout: 20_000 }).toBe(appended.length);
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
  });
}
