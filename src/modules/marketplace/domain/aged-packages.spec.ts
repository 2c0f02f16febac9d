import { describe, expect, it } from 'vitest';

import { agedPriceOf } from './aged-packages.js';

describe('the price of any number of aged leads (an InQuery order)', () => {
  it('is the package price for a package', () => {
    expect(agedPriceOf(525)).toEqual({ quantity: 525, priceCents: 5_000, perLeadCents: 10 });
    expect(agedPriceOf(10_000)).toEqual({ quantity: 10_000, priceCents: 90_000, perLeadCents: 9 });
  });

  it('is each lead at the per-lead price of the largest package reached, the smallest below 100', () => {
    expect(agedPriceOf(1)).toEqual({ quantity: 1, priceCents: 10, perLeadCents: 10 });
    expect(agedPriceOf(1_099)).toEqual({ quantity: 1_099, priceCents: 10_990, perLeadCents: 10 });
    expect(agedPriceOf(1_101)).toEqual({ quantity: 1_101, priceCents: 9_909, perLeadCents: 9 });
    expect(agedPriceOf(70_000)).toEqual({ quantity: 70_000, priceCents: 630_000, perLeadCents: 9 });
  });
});
