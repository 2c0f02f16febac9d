import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { startEventStoreDbStandIn } from '../../../test/support/eventstoredb-standin.js';
import { describeIf } from '../../../test/support/not-run.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { newEvent, systemContext } from './new-event.js';

// EventStoreDB itself cannot run on the development and CI machines (no container engine, no
// package): with EVENTSTORE_URL the suite runs against that server; always, against a local
// stand-in that speaks EventStoreDB's gRPC Streams protocol (test/support/eventstoredb-standin.ts).
const url = process.env.EVENTSTORE_URL;

describeIf(url, 'EVENTSTORE_URL', 'EventStoreDB adapter on a real server', () => {
  describeEventStoreContract('eventstoredb adapter (EVENTSTORE_URL)', async () => {
    const store = new EventStoreDbEventStore(url!);
    return { store, close: () => store.close() };
  });
});

describe('EventStoreDB adapter on the protocol stand-in', () => {
  describeEventStoreContract('eventstoredb adapter (gRPC stand-in)', async () => {
    const standIn = await startEventStoreDbStandIn();
    const store = new EventStoreDbEventStore(standIn.connectionString);
    return {
      store,
      close: async () => {
        await store.close();
        await standIn.close();
      },
    };
  });

  it('hears, through its subscription to $all, what another process appends', async () => {
    const standIn = await startEventStoreDbStandIn();
    const listening = new EventStoreDbEventStore(standIn.connectionString);
    const writing = new EventStoreDbEventStore(standIn.connectionString);
    try {
      let woken = 0;
      listening.onAppended(() => woken++);
      // The subscription starts at the end of $all once confirmed: the other process appends
      // until one of its appends is heard.
      await expect
        .poll(
          async () => {
            await writing.append(`other-process-${randomUUID()}`, [newEvent('ThingHappened', { n: 1 }, systemContext('contract-test'))], {
              expectedVersion: 'no_stream',
            });
            return woken;
          },
          { timeout: 5_000, interval: 100 },
        )
        .toBeGreaterThan(0);
      const head = await listening.headPosition();
      expect(head.commit).toBeGreaterThan(0n);
    } finally {
      await listening.close();
      await writing.close();
      await standIn.close();
    }
  });
});
