import { describe, expect, it } from 'vitest';

import { US_STATES } from '../../src/modules/marketplace/contracts/us-states.js';
import { leadInput } from '../../src/modules/marketplace/domain/lead-input.js';
import { ZIP_OF_STATE } from './us-zips.js';

describe('the ZIP code the tests give a lead of each state', () => {
  it('is one intake takes for that state', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const refused = US_STATES.flatMap((state) => {
      const result = leadInput(now).safeParse({
        firstName: 'Ada',
        lastName: 'King',
        phone: '+12025550123',
        state,
        zip: ZIP_OF_STATE[state],
        age: 40,
        tier: 'basic',
        consent: { text: 'I agree.', at: '2026-11-01T00:00:00Z' },
      });
      return result.success ? [] : [`${state}: ${result.error.issues.map((issue) => issue.message).join('; ')}`];
    });
    expect(refused).toEqual([]);
  });
});
