import { describe, expect, it } from 'vitest';

import { dollarTicks } from './dollar-ticks';

describe('a spend axis', () => {
  it('counts in whole dollars even for amounts of a few cents, or none', () => {
    expect(dollarTicks(0)).toEqual([0, 100]);
    expect(dollarTicks(3)).toEqual([0, 100]);
    expect(dollarTicks(250)).toEqual([0, 100, 200, 300]);
  });

  it('steps by 1, 2 or 5 times a power of ten dollars, up to at least the largest amount', () => {
    expect(dollarTicks(2_500)).toEqual([0, 1_000, 2_000, 3_000]);
    expect(dollarTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
    for (const max of [1, 99, 101, 4_999, 77_777, 10_000_000]) {
      const ticks = dollarTicks(max);
      expect(ticks.every((tick) => tick % 100 === 0)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
