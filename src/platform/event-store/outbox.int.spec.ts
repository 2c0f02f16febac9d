import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
      pool = createPool(database.url, 4);
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
  });
}
