import { describe, expect, it } from 'vitest';

import type { AllPosition, RecordedEvent } from '../event-store/event-store.port.js';
import { readingAhead } from './subscription-runner.js';

const at = (n: number): AllPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number) => ({ position: at(n) }) as RecordedEvent;

describe('reading ahead in a catch-up', () => {
  it('reads the next batch as soon as it hands one out, and reads afresh when asked for another position or when the read ahead failed', async () => {
    const asked: number[] = [];
    // Batches of two: 1-2, 3-4, then nothing.
    const read = (after: AllPosition) => {
      const from = Number(after.commit);
      asked.push(from);
      return Promise.resolve(from >= 4 ? [] : [event(from + 1), event(from + 2)]);
    };
    const ahead = readingAhead(read);
    expect((await ahead(at(0))).map((e) => Number(e.position.commit))).toEqual([1, 2]);
    expect(asked).toEqual([0, 2]); // the next batch is on its way already
    expect((await ahead(at(2))).map((e) => Number(e.position.commit))).toEqual([3, 4]);
    expect(asked).toEqual([0, 2, 4]);
    // Another position than the one read ahead (the batch was not applied): read afresh.
    expect((await ahead(at(0))).map((e) => Number(e.position.commit))).toEqual([1, 2]);
    expect(asked).toEqual([0, 2, 4, 0, 2]);
    // A read ahead that failed is read again when it is asked for.
    let calls = 0;
    const flaky = readingAhead((after) => (++calls === 2 ? Promise.reject(new Error('connection lost')) : read(after)));
    await flaky(at(0));
    expect((await flaky(at(2))).map((e) => Number(e.position.commit))).toEqual([3, 4]);
    expect(calls).toBe(4); // the first batch, the failed read ahead, its retry, and the next read ahead
  });
});
