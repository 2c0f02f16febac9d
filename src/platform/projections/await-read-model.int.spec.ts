import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import type { AllPosition, EventStore } from '../event-store/event-store.port.js';
import { newEvent, systemContext } from '../event-store/new-event.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { awaitReadModel } from './await-read-model.js';
import { ensureCheckpoint, writeCheckpoint } from './checkpoints.js';

// The PostgreSQL store answers from its index of events by type; a store without that answer is scanned.
const VARIANTS = [
  { how: 'by event type', store: (store: PostgresEventStore): EventStore => store },
  {
    how: 'scanning the events',
    store: (store: PostgresEventStore): EventStore => Object.assign(Object.create(store) as EventStore, { anyOfTypesBetween: undefined }),
  },
];

for (const database of everyDatabase())
  for (const variant of VARIANTS) {
    describeOn(database, `waiting for a read model to reach an event, ${variant.how}, on ${database.name}`, () => {
      let pool: SqlPool;
      let store: PostgresEventStore;
      let awaited: EventStore;
      const ctx = systemContext('await-read-model-test');

      beforeAll(async () => {
        pool = createPool(database.url, 3);
        store = new PostgresEventStore(pool);
        awaited = variant.store(store);
      });
      afterAll(async () => pool.end());

      /** The appended event's own position (the head a reader sees can still be before it while another transaction holds it back). */
      const append = async (type: string): Promise<AllPosition> => {
        const streamId = `probe-${randomUUID()}`;
        await store.append(streamId, [newEvent(type, {}, ctx)], { expectedVersion: 'no_stream' });
        return (await store.readStream(streamId))[0]!.position;
      };
      /** A read model whose checkpoint is at the head now, and the event types it waits for. */
      const readModelAtHead = async () => {
        const subscriber = `awaited-${randomUUID()}`;
        await ensureCheckpoint(pool, subscriber);
        await writeCheckpoint(pool, subscriber, await store.headPosition());
        return { subscriber, opening: `Opening${randomUUID().slice(0, 8)}`, other: `Other${randomUUID().slice(0, 8)}` };
      };

      it('waits while an event of its types stored before the one given is not applied, and not after', async () => {
        const { subscriber, opening, other } = await readModelAtHead();
        const opened = await append(opening);
        for (let i = 0; i < 3; i++) await append(other);
        const before = await append(other);
        const wait = (timeoutMs: number) => awaitReadModel(awaited, pool, { subscriber, eventTypes: [opening], before, timeoutMs });

        expect(await wait(150)).toBe(false);
        // The read model applies the opening event (its checkpoint moves to it, not beyond).
        await writeCheckpoint(pool, subscriber, opened);
        // Ready once the events up to `before` can be read (at once, unless another transaction holds them back).
        expect(await wait(10_000)).toBe(true);
      });

      it('is not held up by events of other types it has not passed, nor by its own types stored after the one given', async () => {
        const { subscriber, opening, other } = await readModelAtHead();
        for (let i = 0; i < 3; i++) await append(other);
        const before = await append(other);
        await append(opening);

        expect(await awaitReadModel(awaited, pool, { subscriber, eventTypes: [opening], before, timeoutMs: 10_000 })).toBe(true);
      });

      // PGlite has one backend: a transaction open there holds up every other statement, so only PostgreSQL can hold events back.
      it.skipIf(database.name === 'pglite')(
        'waits while a transaction that began before the event given is still running (it may yet store an event of its types before it)',
        async () => {
          const { subscriber, opening, other } = await readModelAtHead();
          const running = await pool.connect();
          try {
            await running.query('BEGIN');
            await running.query('SELECT pg_current_xact_id()');
            const before = await append(other);
            expect(await awaitReadModel(awaited, pool, { subscriber, eventTypes: [opening], before, timeoutMs: 150 })).toBe(false);
            await running.query('COMMIT');
          } finally {
            running.release();
          }
        },
      );

      it('is ready at once when its checkpoint is past the event given', async () => {
        const { subscriber, opening } = await readModelAtHead();
        const before = await append(opening);
        await writeCheckpoint(pool, subscriber, await append(opening));

        expect(await awaitReadModel(awaited, pool, { subscriber, eventTypes: [opening], before, timeoutMs: 0 })).toBe(true);
      });
    });
  }
