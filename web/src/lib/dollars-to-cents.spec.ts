import { describe, expect, it } from 'vitest';

import { dollarsToCents } from './dollars-to-cents';

describe('dollarsToCents', () => {
  it('turns dollars into whole cents without floating-point error', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('$1,234.56')).toBe(123_456);
    expect(dollarsToCents('1000000')).toBe(100_000_000);
  });

  it('refuses zero, more than $1,000,000, more than 2 decimals and text', () => {
    for (const text of ['', '0', '0.00', '1000000.01', '1.234', '-5', 'ten', '1e3']) expect(dollarsToCents(text)).toBeNull();
  });
});
