import { describe, expect, it } from 'vitest';

import type { AllPosition, ReadAllOptions, RecordedEvent } from '../event-store/event-store.port.js';
import { SharedReads } from './subscription-runner.js';

/** A store whose reads stay open until the test answers them. */
function heldStore() {
  const calls: { options: ReadAllOptions; answer: (events: RecordedEvent[]) => void }[] = [];
  return {
    calls,
    readAll: (options: ReadAllOptions) => new Promise<RecordedEvent[]>((resolve) => calls.push({ options, answer: resolve })),
  };
}

const at = (n: number): AllPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number) => ({ type: 'Probe', position: at(n) }) as unknown as RecordedEvent;

describe('SharedReads', () => {
  it('gives readers woken together at one place one read of the store', async () => {
    const store = heldStore();
    const reads = new SharedReads(store, 100);
    const first = reads.read(at(5), 1);
    const second = reads.read(at(5), 1);
    expect(store.calls).toHaveLength(1);
    expect(store.calls[0]!.options).toEqual({ after: at(5), maxCount: 100 });
    store.calls[0]!.answer([event(6)]);
    expect(await first).toEqual([event(6)]);
    expect(await second).toBe(await first);
  });

  it('reads again for a reader woken after the read in flight began, or at another place', () => {
    const store = heldStore();
    const reads = new SharedReads(store, 100);
    void reads.read(at(5), 1);
    void reads.read(at(5), 2); // woken by an append the first read may not see
    void reads.read(at(7), 2);
    void reads.read(at(5), 2);
    void reads.read(at(5), 1); // a read begun after its wake serves it too
    expect(store.calls.map((c) => [c.options.after.commit, c.options.maxCount])).toEqual([
      [5n, 100],
      [5n, 100],
      [7n, 100],
    ]);
  });

  it('serves a finished read to readers woken before it began, and forgets reads of earlier wake-ups', async () => {
    const store = heldStore();
    const reads = new SharedReads(store, 100);
    const first = reads.read(at(5), 1);
    store.calls[0]!.answer([event(6)]);
    await first;
    expect(await reads.read(at(5), 1)).toEqual([event(6)]); // a subscriber that was busy applying when the wake-up came
    expect(store.calls).toHaveLength(1);
    void reads.read(at(5), 2); // woken again: the finished read may miss what woke it
    expect(store.calls).toHaveLength(2);
    void reads.read(at(9), 3);
    void reads.read(at(5), 2); // forgotten with its wake-up
    expect(store.calls).toHaveLength(4);
  });
});
