import { describe, expect, it } from 'vitest';

import { leadIdsOf } from './lead-ids';

describe('lead ids typed on the testing page', () => {
  it("asks for lead ids when none are typed, naming the provider (the spec's words)", () => {
    expect(leadIdsOf('', 'Ringy')).toEqual({ error: 'Please enter lead IDs to send to Ringy' });
    expect(leadIdsOf(' \n, ', 'VanillaSoft')).toEqual({ error: 'Please enter lead IDs to send to VanillaSoft' });
  });

  it('refuses anything that is not a positive whole number', () => {
    for (const text of ['12, abc', '1.5', '-3', '0', '12e3']) expect(leadIdsOf(text, 'Ringy'), text).toEqual({ error: 'Please enter valid numeric lead IDs' });
  });

  it('reads ids separated by commas, spaces or lines, each once', () => {
    expect(leadIdsOf('1001, 1002\n1003 1001', 'Ringy')).toEqual({ ids: [1001, 1002, 1003] });
  });
});
