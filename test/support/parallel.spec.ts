import { describe, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL, tally } from './parallel.js';

describe('inParallel', () => {
  it('starts every attempt before any of them finishes', async () => {
    let running = 0;
    let most = 0;
    await inParallel(MIN_PARALLEL, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
    });
    expect(most).toBe(MIN_PARALLEL);
  });

  it('refuses a burst too small to find a race', async () => {
    await expect(inParallel(5, async () => 1)).rejects.toThrow(/at least 30/);
  });

  it('tallies results', () => {
    expect(tally([400, 429, 429])).toEqual({ 400: 1, 429: 2 });
  });
});
