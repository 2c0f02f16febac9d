import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { comparePositions, VersionConflictError, type EventStore, type NewEvent, type RecordedEvent } from './event-store.port.js';
import { newEvent, systemContext } from './new-event.js';

const context = () => systemContext('contract-test');
const event = (n: number, eventId?: string): NewEvent => newEvent('ThingHappened', { n }, context(), eventId);
const uniqueStream = (label: string) => `contract-${label}-${randomUUID()}`;

/** The behaviour every event-store adapter must show. */
export function describeEventStoreContract(name: string, open: () => Promise<{ store: EventStore; close(): Promise<void> }>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => close?.());

    it('stores a batch and reads it back in order with its metadata', async () => {
      const stream = uniqueStream('roundtrip');
      const batch = [event(1), event(2), event(3)];
      const result = await store.append(stream, batch, { expectedVersion: 'no_stream' });
      expect(result).toEqual({ nextExpectedVersion: 3n, duplicate: false });

      const read = await store.readStream(stream);
      expect(read.map((e) => e.streamVersion)).toEqual([1n, 2n, 3n]);
      expect(read.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(read[0]!.metadata).toEqual(batch[0]!.metadata);
      expect(read[0]!.metadata.actor).toEqual({ type: 'system', id: 'contract-test' });

      const tail = await store.readStream(stream, { afterVersion: 1n, maxCount: 1 });
      expect(tail.map((e) => e.streamVersion)).toEqual([2n]);
    });

    it('refuses an append whose expected version is stale and says the actual version', async () => {
      const stream = uniqueStream('stale');
      await store.append(stream, [event(1), event(2)], { expectedVersion: 'no_stream' });
      const failure = await store.append(stream, [event(3)], { expectedVersion: 1n }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(VersionConflictError);
      expect((failure as VersionConflictError).actual).toBe(2n);
      await expect(store.append(stream, [event(3)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(VersionConflictError);
      await expect(store.append(uniqueStream('missing'), [event(1)], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(VersionConflictError);
      const appended = await store.append(stream, [event(3)], { expectedVersion: 2n });
      expect(appended.nextExpectedVersion).toBe(3n);
    });

    it('lets exactly one of 50 concurrent appends on one expected version win', async () => {
      const stream = uniqueStream('race');
      await store.append(stream, [event(0)], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store.append(stream, [event(i + 1)], { expectedVersion: 1n })));
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);
      for (const loser of losers) expect(loser.reason).toBeInstanceOf(VersionConflictError);
      expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([1n, 2n]);
    });

    it('gives contiguous versions to writers that retry on conflict', async () => {
      const stream = uniqueStream('retry');
      const writers = 12;
      await Promise.all(
        Array.from({ length: writers }, async (_, i) => {
          for (;;) {
            const current = (await store.readStream(stream)).length;
            try {
              await store.append(stream, [event(i)], { expectedVersion: current === 0 ? 'no_stream' : BigInt(current) });
              return;
            } catch (error) {
              if (!(error instanceof VersionConflictError)) throw error;
            }
          }
        }),
      );
      const read = await store.readStream(stream);
      expect(read.map((e) => Number(e.streamVersion))).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
      expect(new Set(read.map((e) => (e.data as { n: number }).n)).size).toBe(writers);
    });

    it('stores a retried batch once (idempotent by event id)', async () => {
      const stream = uniqueStream('idempotent');
      const batch = [event(1), event(2)];
      await store.append(stream, batch, { expectedVersion: 'no_stream' });
      const retry = await store.append(stream, batch, { expectedVersion: 'no_stream' });
      expect(retry.duplicate).toBe(true);
      expect(retry.nextExpectedVersion).toBe(2n);
      expect(await store.readStream(stream)).toHaveLength(2);
      const retryAny = await store.append(stream, batch, { expectedVersion: 'any' });
      expect(retryAny.duplicate).toBe(true);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('wakes a listener when events are appended', async () => {
      let woken = 0;
      const stop = store.onAppended(() => woken++);
      try {
        await store.append(uniqueStream('hint'), [event(1)], { expectedVersion: 'no_stream' });
        await expect.poll(() => woken).toBeGreaterThan(0);
      } finally {
        stop();
      }
    });

    it('reads all events in one global order that never skips or repeats under concurrent writers', async () => {
      const start = await store.headPosition();
      const writers = 8;
      const perWriter = 25;
      const written = new Set<string>();
      const seen: RecordedEvent[] = [];
      let position = start;
      let writing = true;

      // An empty read after the writers finished is not yet the end: on a shared PostgreSQL any
      // transaction open elsewhere holds the readers back (the store reads below the oldest),
      // so the loop reads until it has seen every write, or for 20 s more at most.
      let writersDoneAt = 0;
      const readLoop = (async () => {
        for (;;) {
          const done = !writing;
          const batch = await store.readAll({ after: position, maxCount: 17 });
          for (const e of batch) {
            if (e.streamId.startsWith('contract-all-')) seen.push(e);
            expect(comparePositions(e.position, position)).toBe(1);
            position = e.position;
          }
          if (done && batch.length === 0 && (seen.length >= written.size || Date.now() - writersDoneAt > 20_000)) return;
          if (batch.length === 0) await new Promise((r) => setTimeout(r, 2));
        }
      })();

      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = uniqueStream(`all-${w}`);
          let version = 0n;
          for (let i = 0; i < perWriter; i++) {
            const batch = i % 5 === 0 ? [event(i), event(i)] : [event(i)];
            for (const e of batch) written.add(e.metadata.eventId);
            const result = await store.append(stream, batch, { expectedVersion: version === 0n ? 'no_stream' : version });
            version = result.nextExpectedVersion;
          }
        }),
      );
      writersDoneAt = Date.now();
      writing = false;
      await readLoop;

      const seenIds = seen.map((e) => e.metadata.eventId);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(new Set(seenIds)).toEqual(written);
      const byStream = new Map<string, bigint[]>();
      for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamVersion]);
      for (const versions of byStream.values()) expect(versions).toEqual([...versions].sort((a, b) => (a < b ? -1 : 1)));
      expect(comparePositions(await store.headPosition(), position)).toBe(0);
    });
  });
}
