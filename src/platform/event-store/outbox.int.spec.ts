import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL } from '../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import { createPool, inTransaction, type SqlPool } from '../persistence/sql.js';
import { newEvent, systemContext } from './new-event.js';
import { OutboxRelay, recordInOutbox } from './outbox.js';
import { PostgresEventStore } from './postgres-event-store.js';

for (const database of everyDatabase()) {
  describeOn(database, `outbox relay on ${database.name}`, () => {
    let pool: SqlPool;
    let store: PostgresEventStore;
    beforeAll(() => {
      pool = createPool(database.url, 8);
      store = new PostgresEventStore(pool);
    });
    afterAll(async () => pool.end());

    it('moves events committed with their state to the event store, once, and never those rolled back', async () => {
      const committed = `outbox-${randomUUID()}`;
      const rolledBack = `outbox-${randomUUID()}`;
      const events = [newEvent('AccountRegistered', { n: 1 }, systemContext('t')), newEvent('ConfirmationEmailRequested', { n: 2 }, systemContext('t'))];
      await inTransaction(pool, (tx) => recordInOutbox(tx, committed, events));
      await inTransaction(pool, async (tx) => {
        await recordInOutbox(tx, rolledBack, [newEvent('AccountRegistered', {}, systemContext('t'))]);
        throw new Error('the state change failed');
      }).catch(() => {});

      const relay = new OutboxRelay(pool, store);
      await relay.relayPending();
      expect((await store.readStream(committed)).map((e) => e.type)).toEqual(['AccountRegistered', 'ConfirmationEmailRequested']);
      expect(await store.readStream(rolledBack)).toEqual([]);

      // A relay that died after appending but before marking: the events are relayed again, stored once.
      await pool.query(`UPDATE outbox_events SET relayed_at = NULL WHERE stream_id = $1`, [committed]);
      await relay.relayPending();
      expect(await store.readStream(committed)).toHaveLength(2);
      expect((await store.readStream(committed))[0]!.metadata.eventId).toBe(events[0]!.metadata.eventId);
    });

    it('relays a batch across many streams in the outbox order, and relays racing each other store every event once', async () => {
      const streams = Array.from({ length: 10 }, () => `outbox-${randomUUID()}`);
      const written: string[] = [];
      for (let i = 0; i < 40; i++) {
        const event = newEvent('AccountRegistered', { i }, systemContext('t'));
        written.push(event.metadata.eventId);
        await inTransaction(pool, (tx) => recordInOutbox(tx, streams[i % streams.length]!, [event]));
      }
      const relays = Array.from({ length: MIN_PARALLEL }, () => new OutboxRelay(pool, store));
      await inParallel(MIN_PARALLEL, (i) => relays[i]!.relayPending());
      const { rows } = await pool.query<{ event_id: string; stream_id: string }>(
        'SELECT event_id::text, stream_id FROM es_events WHERE stream_id = ANY($1::text[]) ORDER BY transaction_id, global_position',
        [streams],
      );
      expect(rows.map((row) => row.event_id)).toEqual(written);
      expect(
        (await pool.query(`SELECT count(*)::int AS n FROM outbox_events WHERE stream_id = ANY($1::text[]) AND relayed_at IS NULL`, [streams])).rows[0].n,
      ).toBe(0);
    });
  });
}
