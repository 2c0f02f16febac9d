import { describe, expect, it } from 'vitest';

import { KeyedTurns } from './keyed-turns.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('keyed turns', () => {
  it('runs tasks of one key one at a time, in arrival order, and a failure does not stop the next', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        running--;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([turns.run('s', task('a')), turns.run('s', task('b', true)), turns.run('s', task('c'))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs tasks of different keys side by side', async () => {
    const turns = new KeyedTurns();
    let releaseFirst!: () => void;
    const first = turns.run('one', () => new Promise<string>((resolve) => (releaseFirst = () => resolve('one'))));
    // The other key does not wait for the first, which is still open.
    expect(await turns.run('two', async () => 'two')).toBe('two');
    releaseFirst();
    expect(await first).toBe('one');
  });
});
