import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';

import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import { eventually } from '../../../test/support/waiting.js';
import { createPool } from '../persistence/sql.js';
import { SubscriptionRunner } from '../projections/subscription-runner.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { EventIdTakenError } from './event-store.port.js';
import { newEvent, systemContext } from './new-event.js';
import { PostgresEventStore } from './postgres-event-store.js';

for (const database of everyDatabase()) {
  describeOn(database, `postgres adapter on ${database.name}`, () => {
    describeEventStoreContract(`postgres adapter on ${database.name}`, async () => {
      const pool = createPool(database.url, 20);
      const store = new PostgresEventStore(pool);
      return {
        store,
        close: async () => {
          await store.close();
          await pool.end();
        },
      };
    });
  });

  // Beyond the shared contract (EventStoreDB dedupes by id within a stream only): here an
  // event id is unique in the whole store.
  describeOn(database, `postgres event store on ${database.name}: event ids`, () => {
    it('refuses an event id already used in another stream', async () => {
      const pool = createPool(database.url, 2);
      const store = new PostgresEventStore(pool);
      try {
        const eventId = randomUUID();
        const one = newEvent('ThingHappened', { n: 1 }, systemContext('contract-test'), eventId);
        await store.append(`ids-first-${randomUUID()}`, [one], { expectedVersion: 'no_stream' });
        await expect(store.append(`ids-second-${randomUUID()}`, [one], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(EventIdTakenError);
      } finally {
        await store.close();
        await pool.end();
      }
    });
  });
}

const postgres = everyDatabase().find((d) => d.name === 'postgres')!;

describeOn(postgres, 'postgres event store: a transaction that commits late', () => {
  it('is read after commit even though later positions were read before it', async () => {
    const pool = createPool(postgres.url, 5);
    const store = new PostgresEventStore(pool);
    const ctx = systemContext('late-commit-test');
    try {
      const start = await store.headPosition();
      const slow = await pool.connect();
      await slow.query('BEGIN');
      const lateEvent = newEvent('Late', {}, ctx);
      // Written as the store writes it: later readers (projections over every event) read its metadata.
      const { eventId, ...metadata } = lateEvent.metadata;
      await slow.query('SELECT * FROM es_append($1, $2, $3::jsonb)', [
        `late-${eventId}`,
        'no_stream',
        JSON.stringify([{ event_id: eventId, type: 'Late', data: {}, metadata }]),
      ]);
      const early = newEvent('Early', {}, ctx);
      await store.append(`early-${early.metadata.eventId}`, [early], { expectedVersion: 'no_stream' });

      // The late transaction is still open: the reader must hold back, not pass over it.
      const beforeCommit = await store.readAll({ after: start, maxCount: 100 });
      expect(beforeCommit.map((e) => e.type)).not.toContain('Early');

      await slow.query('COMMIT');
      slow.release();
      // Read until both are there: a transaction open in another database of the same server
      // (another test run's portal) holds every reader back for a moment as well.
      await expect
        .poll(async () => (await store.readAll({ after: start, maxCount: 100 })).map((e) => e.type), { interval: 50 })
        .toEqual(expect.arrayContaining(['Late', 'Early']));
    } finally {
      await pool.end();
    }
  });
});

describeOn(postgres, 'postgres event store: a catch-up read that waits for held-back events', () => {
  it('waits for an event an older transaction holds back, when asked to, and answers at once otherwise', async () => {
    const pool = createPool(postgres.url, 5);
    const olderPool = createPool(postgres.url, 1);
    const store = new PostgresEventStore(pool);
    const older = await olderPool.connect();
    try {
      const start = await store.headPosition();
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // a transaction id older than the append's
      const event = newEvent('HeldForCatchUp', {}, systemContext('held-back-test'));
      await store.append(`held-${event.metadata.eventId}`, [event], { expectedVersion: 'no_stream' });
      expect((await store.readAll({ after: start, maxCount: 100 })).map((e) => e.metadata.eventId)).not.toContain(event.metadata.eventId);
      const reads = vi.spyOn(pool, 'query');
      const waiting = store.readAll({ after: start, maxCount: 100, waitWhileHeldBackMs: 20_000 });
      // Its second read shows that the first found the event held back and it went on waiting.
      await eventually(
        'the catch-up read to read again',
        async () => reads.mock.calls.filter(([sql]) => String(sql).includes('held_back')).length,
        (count) => count >= 2,
      );
      reads.mockRestore();
      await older.query('COMMIT');
      // Other databases' transactions may hold it back a moment longer; it comes within the wait.
      const read = await waiting;
      const all =
        read.length > 0 && !read.some((e) => e.metadata.eventId === event.metadata.eventId)
          ? await store.readAll({ after: read.at(-1)!.position, maxCount: 100, waitWhileHeldBackMs: 20_000 })
          : [];
      expect([...read, ...all].map((e) => e.metadata.eventId)).toContain(event.metadata.eventId);
    } finally {
      await older.query('ROLLBACK').catch(() => {});
      older.release();
      await store.close();
      await olderPool.end();
      await pool.end();
    }
  });
});

describeOn(postgres, 'postgres event store: a transaction in another database of the server', () => {
  it('does not hold readers back, while one of this database does', async () => {
    const pool = createPool(postgres.url, 5);
    const elsewhere = new URL(postgres.url);
    elsewhere.pathname = elsewhere.pathname === '/postgres' ? '/test' : '/postgres';
    const otherPool = createPool(elsewhere.toString(), 1);
    const samePool = createPool(postgres.url, 1);
    const store = new PostgresEventStore(pool);
    const other = await otherPool.connect();
    const same = await samePool.connect();
    try {
      const start = await store.headPosition();
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()'); // older than the append, in another database
      const first = newEvent('PastOtherDatabase', {}, systemContext('horizon-test'));
      await store.append(`horizon-${first.metadata.eventId}`, [first], { expectedVersion: 'no_stream' });
      // Read at once: nothing but that other database's transaction is older than the append.
      expect((await store.readAll({ after: start, maxCount: 100 })).map((e) => e.metadata.eventId)).toContain(first.metadata.eventId);
      expect((await store.headPosition()).commit).toBeGreaterThan(start.commit);

      await same.query('BEGIN');
      await same.query('SELECT pg_current_xact_id()');
      const second = newEvent('HeldBySameDatabase', {}, systemContext('horizon-test'));
      await store.append(`horizon-${second.metadata.eventId}`, [second], { expectedVersion: 'no_stream' });
      expect((await store.readAll({ after: start, maxCount: 100 })).map((e) => e.metadata.eventId)).not.toContain(second.metadata.eventId);
      await same.query('COMMIT');
      await expect
        .poll(async () => (await store.readAll({ after: start, maxCount: 100 })).map((e) => e.metadata.eventId), { interval: 20 })
        .toContain(second.metadata.eventId);
    } finally {
      await other.query('ROLLBACK').catch(() => {});
      await same.query('ROLLBACK').catch(() => {});
      other.release();
      same.release();
      await store.close();
      await Promise.all([otherPool.end(), samePool.end(), pool.end()]);
    }
  });
});

describeOn(postgres, 'postgres event store: events held back by an older transaction', () => {
  it('wakes a reader that found nothing once that transaction ends, though it appended nothing', async () => {
    const pool = createPool(postgres.url, 5);
    const olderPool = createPool(postgres.url, 1);
    const store = new PostgresEventStore(pool);
    let reads = 0;
    const read = store.readAll.bind(store);
    store.readAll = async (options) => {
      const events = await read(options);
      reads++;
      return events;
    };
    const type = `HeldBack${randomUUID().slice(0, 8)}`;
    const seen: string[] = [];
    const runner = new SubscriptionRunner(
      store,
      pool,
      [{ name: `held-back-${type}`, eventTypes: [type], apply: async (events) => void seen.push(...events.map((e) => e.type)) }],
      {
        pollIntervalMs: 10 * 60_000,
      },
    );
    const older = await olderPool.connect();
    try {
      await runner.start();
      await expect.poll(async () => (await runner.status())[0]!.caughtUp).toBe(true);
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // now it holds a transaction id older than the append's

      const readsBefore = reads;
      await store.append(`held-back-${randomUUID()}`, [newEvent(type, {}, systemContext('held-back-test'))], { expectedVersion: 'no_stream' });
      await expect.poll(() => reads).toBeGreaterThan(readsBefore); // woken by the append, it read nothing
      await older.query('COMMIT');
      await expect.poll(() => seen).toEqual([type]);
    } finally {
      await older.query('ROLLBACK').catch(() => {});
      older.release();
      await runner.stop();
      await store.close();
      await olderPool.end();
      await pool.end();
    }
  });
});

for (const database of everyDatabase()) {
  describeOn(database, `postgres event store on ${database.name}: global order`, () => {
    it('orders by transaction id as a number, not as text (9 before 10)', async () => {
      const pool = createPool(database.url, 2);
      const ids = [randomUUID(), randomUUID()];
      try {
        for (const [i, xid] of [9, 10].entries()) {
          await pool.query(
            `INSERT INTO es_events (transaction_id, stream_id, stream_version, event_id, event_type, data, metadata)
             VALUES ($1::text::xid8, $2, 1, $3, 'OrderProbe', '{}', '{}')`,
            [String(xid), `order-probe-${ids[i]}`, ids[i]],
          );
        }
        const store = new PostgresEventStore(pool);
        const read = await store.readAll({ after: { commit: 8n, prepare: 0n }, maxCount: 2 });
        expect(read.map((e) => e.position.commit)).toEqual([9n, 10n]);
      } finally {
        await pool.query('DELETE FROM es_events WHERE event_id = ANY($1::uuid[])', [ids]);
        await pool.end();
      }
    });
  });
}
