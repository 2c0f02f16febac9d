import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';

import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import { createPool, inTransaction, type SqlPool } from '../persistence/sql.js';
import { SubscriptionRunner } from '../projections/subscription-runner.js';
import { APPENDED_CHANNEL, AppendListener } from './append-notifications.js';
import type { RecordedEvent } from './event-store.port.js';
import { newEvent, systemContext } from './new-event.js';
import { OutboxRelay, recordInOutbox } from './outbox.js';
import { PostgresEventStore } from './postgres-event-store.js';

const postgres = everyDatabase().find((d) => d.name === 'postgres')!;

/** Two processes on one PostgreSQL, each with its own pool: `here` appends, `there` listens. */
describeOn(postgres, 'appends heard by other processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const opened: { store: PostgresEventStore; pool: SqlPool }[] = [];
  const open = (shared: boolean) => {
    const pool = createPool(postgres.url, 4);
    const store = new PostgresEventStore(pool, shared ? { sharedDatabaseUrl: postgres.url } : {});
    opened.push({ store, pool });
    return { store, pool };
  };
  const append = (store: PostgresEventStore, type = 'Heard') =>
    store.append(`heard-${randomUUID()}`, [newEvent(type, {}, systemContext('append-listener-test'))], { expectedVersion: 'no_stream' });
  const listenerPids = async (pool: SqlPool) =>
    (
      await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${APPENDED_CHANNEL}`])
    ).rows.map((r) => r.pid);

  afterEach(async () => {
    for (const { store, pool } of opened.splice(0)) {
      await store.close();
      await pool.end();
    }
  });

  it('tells a store in another process about an append, and again after its connection was dropped', async () => {
    const here = open(true);
    const there = open(true);
    let heard = 0;
    there.store.onAppended(() => heard++);
    await expect.poll(() => listenerPids(here.pool)).toHaveLength(1);
    const before = heard;
    await append(here.store);
    await expect.poll(() => heard).toBeGreaterThan(before);

    const [dropped] = await listenerPids(here.pool);
    await here.pool.query('SELECT pg_terminate_backend($1)', [dropped]);
    await expect.poll(async () => (await listenerPids(here.pool)).filter((pid) => pid !== dropped)).toHaveLength(1);
    const afterReconnect = heard;
    await append(here.store);
    await expect.poll(() => heard).toBeGreaterThan(afterReconnect);
  });

  it("passes over its own store's announcements (its readers heard the append already) and hears every other", async () => {
    const { pool } = open(false);
    let heard = 0;
    const listener = new AppendListener(postgres.url, () => heard++, 'own-store');
    listener.start();
    try {
      await expect.poll(() => listenerPids(pool)).toHaveLength(1);
      await expect.poll(() => heard).toBe(1); // the connection itself counts
      // One transaction: both arrive together, the store's own first.
      await inTransaction(pool, async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, 'own-store']);
        await tx.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, 'another-store']);
      });
      await expect.poll(() => heard).toBeGreaterThanOrEqual(2);
      expect(heard).toBe(2);
      // A bare NOTIFY (an outbox write) is heard too.
      await pool.query(`NOTIFY ${APPENDED_CHANNEL}`);
      await expect.poll(() => heard).toBe(3);
    } finally {
      await listener.close();
    }
  });

  it("tells what other processes announce apart from the store's own appends", async () => {
    const here = open(true);
    const there = open(true);
    let announced = 0;
    here.store.onAnnounced(() => announced++);
    await expect.poll(() => listenerPids(here.pool)).toHaveLength(1);
    await expect.poll(() => announced).toBe(1); // the connection itself counts
    await append(here.store);
    expect(announced).toBe(1);
    await append(there.store);
    await expect.poll(() => announced).toBe(2);
  });

  it('wakes a subscriber in another process at once, long before its poll', async () => {
    const here = open(true);
    const there = open(true);
    const type = `Woken${randomUUID().slice(0, 8)}`;
    const seen: RecordedEvent[] = [];
    const runner = new SubscriptionRunner(
      there.store,
      there.pool,
      [{ name: `woken-${type}`, eventTypes: [type], apply: async (events) => void seen.push(...events) }],
      {
        pollIntervalMs: 10 * 60_000,
      },
    );
    await runner.start();
    try {
      await expect.poll(() => listenerPids(here.pool)).toHaveLength(1);
      await expect.poll(async () => (await runner.status())[0]!.caughtUp).toBe(true);
      await append(here.store, type);
      await expect.poll(() => seen.map((e) => e.type)).toEqual([type]);
    } finally {
      await runner.stop();
    }
  });

  it('wakes an outbox relay in another process when a state change records its event, long before its poll', async () => {
    const here = open(true);
    const there = open(true);
    const relay = new OutboxRelay(there.pool, there.store, { pollIntervalMs: 10 * 60_000 });
    relay.start();
    try {
      await expect.poll(() => listenerPids(here.pool)).toHaveLength(1);
      await expect.poll(async () => (await here.pool.query('SELECT 1 FROM outbox_events WHERE relayed_at IS NULL')).rowCount).toBe(0);
      const event = newEvent('OutboxWoken', {}, systemContext('append-listener-test'));
      const streamId = `outbox-woken-${randomUUID()}`;
      await inTransaction(here.pool, (tx) => recordInOutbox(tx, streamId, [event]));
      await expect.poll(async () => (await here.store.readStream(streamId)).map((e) => e.metadata.eventId)).toEqual([event.metadata.eventId]);
    } finally {
      await relay.stop();
    }
  });
});
