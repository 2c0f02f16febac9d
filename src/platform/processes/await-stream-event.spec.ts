import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Decider } from '../domain/decider.js';
import { handleCommand } from '../event-store/command-handling.js';
import { START, type EventStore, type NewEvent, type RecordedEvent } from '../event-store/event-store.port.js';
import { systemContext } from '../event-store/new-event.js';
import { awaitStreamEvent } from './await-stream-event.js';

/** Just enough of an event store, in memory, to watch one stream. */
function memoryStore(): EventStore & { reads: number } {
  const streams = new Map<string, RecordedEvent[]>();
  const store = {
    kind: 'postgres' as const,
    reads: 0,
    async append(streamId: string, events: readonly NewEvent[]) {
      const stream = streams.get(streamId) ?? [];
      for (const event of events)
        stream.push({ ...event, streamId, streamVersion: BigInt(stream.length + 1), position: START, recordedAt: new Date().toISOString() });
      streams.set(streamId, stream);
      return { nextExpectedVersion: BigInt(stream.length), duplicate: false };
    },
    async readStream(streamId: string, options: { afterVersion?: bigint } = {}) {
      store.reads++;
      return (streams.get(streamId) ?? []).filter((event) => event.streamVersion > (options.afterVersion ?? 0n));
    },
    readAll: async () => [],
    headPosition: async () => START,
    onAppended: () => () => {},
    ping: async () => {},
    close: async () => {},
  };
  return store;
}

type Outcome = { type: 'Done'; data: { ticket: string } };
const done: Decider<{ ticket: string }, Outcome, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'Done', data: command }],
};

describe('waiting for the outcome of a process', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wakes as soon as a command in this process stores the outcome, without waiting for a poll', async () => {
    const store = memoryStore();
    let outcome: RecordedEvent | null | undefined;
    void awaitStreamEvent(store, 'job-1', { afterVersion: 0n, timeoutMs: 60_000, match: (e) => (e.data as { ticket: string }).ticket === 't2' }).then(
      (e) => (outcome = e),
    );
    await vi.advanceTimersByTimeAsync(0);
    await handleCommand({ store, streamId: 'job-1', decider: done, command: { ticket: 't1' }, context: systemContext('test') });
    await handleCommand({ store, streamId: 'job-1', decider: done, command: { ticket: 't2' }, context: systemContext('test') });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome?.data).toEqual({ ticket: 't2' });
  });

  it('polls for an outcome stored by another process, less often as time goes on, and gives up with null at the bound', async () => {
    const store = memoryStore();
    let outcome: RecordedEvent | null | undefined;
    void awaitStreamEvent(store, 'job-2', { afterVersion: 0n, timeoutMs: 5_000, match: () => true }).then((e) => (outcome = e));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(outcome).toBeUndefined();
    // 50, 100, 200, 400 ms, then every 500 ms: about a dozen reads in 5 seconds, not a hundred.
    expect(store.reads).toBeLessThan(15);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeNull();
  });
});
