import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel } from '../../../test/support/parallel.js';
import { testDatabases } from '../../../test/support/test-databases.js';
import type { Decider } from '../domain/decider.js';
import { DomainError } from '../domain/domain-error.js';
import { ConcurrentChange } from '../http/api-error.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { deterministicEventId, handleCommand, handleEach } from './command-handling.js';
import { VersionConflictError, type EventStore } from './event-store.port.js';
import { newEvent, systemContext } from './new-event.js';
import { PostgresEventStore } from './postgres-event-store.js';

type Added = { type: 'SeatAdded'; data: { by: string } };
type SeatState = { seats: number };
const MAX_SEATS = 15;
const seats: Decider<{ by: string }, Added, SeatState> = {
  initialState: () => ({ seats: 0 }),
  evolve: (state) => ({ seats: state.seats + 1 }),
  decide: (command, state) => {
    if (state.seats >= MAX_SEATS) throw new DomainError('FULL', 'No seats left', 409);
    return [{ type: 'SeatAdded', data: { by: command.by } }];
  },
};

describe('handleCommand', () => {
  let pool: SqlPool;
  let store: PostgresEventStore;
  beforeAll(() => {
    pool = createPool(testDatabases()[0]!.url, 12);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => pool.end());

  it('retries concurrent commands on one stream so each decides on fresh state', async () => {
    const streamId = `seats-${randomUUID()}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => handleCommand({ store, streamId, decider: seats, command: { by: `u${i}` }, context: systemContext('test') })),
    );
    const stored = (await store.readStream(streamId)).map((e) => Number(e.streamVersion));
    // Never more than the rule allows, whatever the interleaving.
    expect(stored).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
    expect(stored.length).toBeLessThanOrEqual(MAX_SEATS);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason instanceof DomainError || reason instanceof ConcurrentChange).toBe(true);
    }
  });

  it('lets 30 commands sent at once on one stream take turns in this process: none meets a conflict, all are stored in order', async () => {
    const streamId = `queue-${randomUUID()}`;
    const unlimited: Decider<{ by: string }, Added, SeatState> = { ...seats, decide: (command) => [{ type: 'SeatAdded', data: { by: command.by } }] };
    let appends = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        appends++;
        return store.append(...args);
      },
    });
    const results = await inParallel(30, (i) =>
      handleCommand({ store: counting, streamId, decider: unlimited, command: { by: `u${i}` }, context: systemContext('test'), conflictRetries: 0 }),
    );
    expect(results.map((r) => Number(r.version)).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(appends).toBe(30);
  });

  it('answers 409 after the bounded retries when the stream keeps moving', async () => {
    let appends = 0;
    const alwaysMoving: EventStore = {
      ...store,
      kind: 'postgres',
      readStream: async () => [],
      append: async (streamId) => {
        appends++;
        throw new VersionConflictError(streamId, 'no_stream', 1n);
      },
      readAll: store.readAll.bind(store),
      headPosition: store.headPosition.bind(store),
      onAppended: store.onAppended.bind(store),
      ping: store.ping.bind(store),
      close: async () => {},
    };
    const failure = await handleCommand({ store: alwaysMoving, streamId: 's', decider: seats, command: { by: 'x' }, context: systemContext('t') }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ConcurrentChange);
    expect((failure as ConcurrentChange).status).toBe(409);
    expect(appends).toBe(4);
  });

  it('stores a command repeated with the same idempotency key once', async () => {
    const streamId = `seats-${randomUUID()}`;
    const run = () => handleCommand({ store, streamId, decider: seats, command: { by: 'ana' }, context: systemContext('t'), idempotencyKey: 'req-1' });
    const first = await run();
    expect(first.stored).toHaveLength(1);
    expect(first.stored[0]!.metadata.eventId).toBe(deterministicEventId(streamId, 'req-1', 0));
    // The repeat decides again on the new state (another seat), but its event id comes from
    // the same key, so the store recognises it and nothing new is stored.
    const again = await run();
    expect(again.stored).toHaveLength(0);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('recognises a repeated command that decides a longer batch on the changed state', async () => {
    type Noted = { type: 'Noted'; data: { n: number } };
    // The first run decides one event; after another command, the repeat decides two.
    const notes: Decider<{ key: string }, Noted, { count: number }> = {
      initialState: () => ({ count: 0 }),
      evolve: (state) => ({ count: state.count + 1 }),
      decide: (_command, state) =>
        state.count === 0
          ? [{ type: 'Noted', data: { n: 1 } }]
          : [
              { type: 'Noted', data: { n: 1 } },
              { type: 'Noted', data: { n: 2 } },
            ],
    };
    const streamId = `notes-${randomUUID()}`;
    const run = (key: string) => handleCommand({ store, streamId, decider: notes, command: { key }, context: systemContext('t'), idempotencyKey: key });
    await run('first');
    await run('second');
    const again = await run('first');
    expect(again.stored).toHaveLength(0);
    expect(await store.readStream(streamId)).toHaveLength(3);
  });

  describe('what this process last decided on a stream', () => {
    type Gate = { type: 'Opened' | 'Entered'; data: { by: string } };
    const gate: Decider<{ by: string }, Gate, { open: boolean; entered: number }> = {
      initialState: () => ({ open: false, entered: 0 }),
      evolve: (state, event) => (event.type === 'Opened' ? { ...state, open: true } : { ...state, entered: state.entered + 1 }),
      decide: (command, state) => {
        if (!state.open) throw new DomainError('CLOSED', 'The gate is closed', 409);
        return [{ type: 'Entered', data: { by: command.by } }];
      },
    };
    const counted = () => {
      const calls = { reads: 0, appends: 0 };
      const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
        readStream: (...args: Parameters<EventStore['readStream']>) => {
          calls.reads++;
          return store.readStream(...args);
        },
        append: (...args: Parameters<EventStore['append']>) => {
          calls.appends++;
          return store.append(...args);
        },
      });
      return { counting, calls };
    };
    const open = (streamId: string) => store.append(streamId, [newEvent('Opened', { by: 'keeper' }, systemContext('t'))], { expectedVersion: 'any' });

    it('decides the next command on it without reading the stream again', async () => {
      const { counting, calls } = counted();
      const streamId = `gate-${randomUUID()}`;
      await open(streamId);
      const enter = (by: string) => handleCommand({ store: counting, streamId, decider: gate, command: { by }, context: systemContext('t') });
      await enter('ana');
      expect(calls).toEqual({ reads: 1, appends: 1 });
      const second = await enter('ben');
      const third = await enter('cy');
      expect(calls).toEqual({ reads: 1, appends: 3 });
      expect(second.state).toEqual({ open: true, entered: 2 });
      expect(third).toMatchObject({ state: { open: true, entered: 3 }, version: 4n });
      expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Opened', 'Entered', 'Entered', 'Entered']);
    });

    it('decides again on a fresh read when another writer appended since, without spending a conflict retry', async () => {
      const { counting, calls } = counted();
      const streamId = `gate-${randomUUID()}`;
      await open(streamId);
      const enter = (by: string) =>
        handleCommand({ store: counting, streamId, decider: gate, command: { by }, context: systemContext('t'), conflictRetries: 0 });
      await enter('ana');
      // Another process enters: this process's knowledge is one event behind.
      await store.append(streamId, [newEvent('Entered', { by: 'elsewhere' }, systemContext('t'))], { expectedVersion: 2n });
      const next = await enter('ben');
      expect(next).toMatchObject({ state: { open: true, entered: 3 }, version: 4n });
      expect(calls).toEqual({ reads: 2, appends: 3 });
    });

    it('never trusts a refusal decided on what it knew: the stream itself is read and decides', async () => {
      const streamId = `gate-${randomUUID()}`;
      const enter = (by: string) => handleCommand({ store, streamId, decider: gate, command: { by }, context: systemContext('t') });
      await expect(enter('ana')).rejects.toMatchObject({ code: 'CLOSED' });
      // Opened by another process: what this one knew (closed) would refuse.
      await open(streamId);
      await expect(enter('ana')).resolves.toMatchObject({ state: { open: true, entered: 1 } });
    });

    it('keeps it per store: the same stream id in another database is read from there', async () => {
      const streamId = `gate-${randomUUID()}`;
      await open(streamId);
      await handleCommand({ store, streamId, decider: gate, command: { by: 'ana' }, context: systemContext('t') });
      const other = new PostgresEventStore(pool);
      // Same database here, so the other store sees both events; what matters is that it read them.
      const otherCalls = { reads: 0 };
      const reading: EventStore = Object.assign(Object.create(other) as EventStore, {
        readStream: (...args: Parameters<EventStore['readStream']>) => {
          otherCalls.reads++;
          return other.readStream(...args);
        },
      });
      await handleCommand({ store: reading, streamId, decider: gate, command: { by: 'ben' }, context: systemContext('t') });
      expect(otherCalls.reads).toBe(1);
    });
  });
});

describe('handleEach', () => {
  let pool: SqlPool;
  let store: PostgresEventStore;
  beforeAll(() => {
    pool = createPool(testDatabases()[0]!.url, 12);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => pool.end());

  const items = (streams: readonly string[], key: string) =>
    streams.map((streamId) => ({ streamId, command: { by: key }, context: systemContext('test'), idempotencyKey: `${key}:${streamId}` }));

  it('decides a command on each of many streams and stores them all with one append, and a batch sent again stores nothing twice', async () => {
    const streams = Array.from({ length: 40 }, () => `each-${randomUUID()}`);
    let batches = 0;
    let singles = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        singles++;
        return store.append(...args);
      },
      appendEach: (...args: Parameters<NonNullable<EventStore['appendEach']>>) => {
        batches++;
        return store.appendEach(...args);
      },
    });
    const first = await handleEach({ store: counting, decider: seats, items: items(streams, 'run-1') });
    expect([batches, singles]).toEqual([1, 0]);
    expect(first.every((result) => result.stored.length === 1 && result.version === 1n)).toBe(true);
    const again = await handleEach({ store, decider: seats, items: items(streams, 'run-1') });
    expect(again.every((result) => result.stored.length === 0)).toBe(true);
    for (const streamId of streams)
      expect((await store.readStream(streamId)).map((event) => event.metadata.eventId)).toEqual([deterministicEventId(streamId, `run-1:${streamId}`, 0)]);
  });

  it('decides a stream written meanwhile by another process again, alone, on its fresh state, and throws a refusal', async () => {
    const [quiet, busy, full] = [`each-${randomUUID()}`, `each-${randomUUID()}`, `each-${randomUUID()}`];
    await handleEach({ store, decider: seats, items: items([quiet, busy], 'warm') });
    // Another process appends to `busy`: this process's cached state of it is stale.
    await new PostgresEventStore(pool).append(busy, [newEvent('SeatAdded', { by: 'elsewhere' }, systemContext('test'))], { expectedVersion: 1n });
    const results = await handleEach({ store, decider: seats, items: items([quiet, busy], 'next') });
    expect(results.map((result) => result.version)).toEqual([2n, 3n]);
    expect((await store.readStream(busy)).map((event) => (event.data as { by: string }).by)).toEqual(['warm', 'elsewhere', 'next']);
    for (let i = 0; i < MAX_SEATS; i++) await handleCommand({ store, streamId: full, decider: seats, command: { by: 'x' }, context: systemContext('test') });
    await expect(handleEach({ store, decider: seats, items: items([quiet, full], 'over') })).rejects.toThrow('No seats left');
  });
});
