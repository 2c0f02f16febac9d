import { describe } from 'vitest';
import { describeEventStoreContract } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

// EventStoreDB cannot run on the development and CI machines (no container engine, no
// package): this suite runs wherever EVENTSTORE_URL points at one.
const url = process.env.EVENTSTORE_URL;

describe.skipIf(!url)('EventStoreDB adapter', () => {
  describeEventStoreContract('eventstoredb adapter', async () => {
    const store = new EventStoreDbEventStore(url!);
    return { store, close: () => store.close() };
  });
});
