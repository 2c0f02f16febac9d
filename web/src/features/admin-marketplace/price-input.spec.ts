import { describe, expect, it } from 'vitest';

import { priceInCents } from './price-input';

describe('priceInCents', () => {
  it('reads dollars with cents as integer cents, without floating-point error', () => {
    expect(priceInCents('12')).toEqual({ cents: 1200 });
    expect(priceInCents(' $1,000.00 ')).toEqual({ cents: 100_000 });
    expect(priceInCents('0.29')).toEqual({ cents: 29 });
    expect(priceInCents('12.5')).toEqual({ cents: 1250 });
  });

  it('names what is wrong with a price it refuses', () => {
    expect(priceInCents('')).toEqual({ error: 'Enter a price in dollars' });
    expect(priceInCents('1.234')).toEqual({ error: 'Enter dollars and at most two digits of cents, e.g. 12.50' });
    expect(priceInCents('-5')).toEqual({ error: 'Enter dollars and at most two digits of cents, e.g. 12.50' });
    expect(priceInCents('0')).toEqual({ error: 'Price must be at least $0.01' });
    expect(priceInCents('1000.01')).toEqual({ error: 'Price must be at most $1,000.00' });
  });
});
