import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import type { AllPosition } from '../event-store/event-store.port.js';
import { newEvent, systemContext } from '../event-store/new-event.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { awaitReadModel } from './await-read-model.js';
import { ensureCheckpoint, writeCheckpoint } from './checkpoints.js';

for (const database of everyDatabase()) {
  describeOn(database, `waiting for a read model to reach an event on ${database.name}`, () => {
    let pool: SqlPool;
    let store: PostgresEventStore;
    const ctx = systemContext('await-read-model-test');

    beforeAll(async () => {
      pool = createPool(database.url, 2);
      store = new PostgresEventStore(pool);
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
      const wait = (timeoutMs: number) => awaitReadModel(store, pool, { subscriber, eventTypes: [opening], before, timeoutMs });

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

      expect(await awaitReadModel(store, pool, { subscriber, eventTypes: [opening], before, timeoutMs: 10_000 })).toBe(true);
    });

    it('is ready at once when its checkpoint is past the event given', async () => {
      const { subscriber, opening } = await readModelAtHead();
      const before = await append(opening);
      await writeCheckpoint(pool, subscriber, await append(opening));

      expect(await awaitReadModel(store, pool, { subscriber, eventTypes: [opening], before, timeoutMs: 0 })).toBe(true);
    });
  });
}
