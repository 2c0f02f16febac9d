import { describe, expect, it } from 'vitest';

import { centsOf } from './add-balance-dialog';

describe('the Add Balance amount', () => {
  it('takes $5 to $5,000 in whole cents', () => {
    expect(centsOf('5')).toBe(500);
    expect(centsOf('25.5')).toBe(2_550);
    expect(centsOf('4999.99')).toBe(499_999);
    expect(centsOf('5000')).toBe(500_000);
  });

  it('refuses anything else', () => {
    for (const typed of ['', '4.99', '5000.01', '10.005', '-5', 'abc', '1e3']) expect(centsOf(typed)).toBeNull();
  });
});
