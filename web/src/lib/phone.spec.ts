import { describe, expect, it } from 'vitest';

import { formatPhone } from './phone';

describe('phone numbers on screen', () => {
  it('shows a US number in the national form', () => {
    expect(formatPhone('+13055550123')).toBe('(305) 555-0123');
    expect(formatPhone('+16025550101')).toBe('(602) 555-0101');
  });

  it('shows another country’s number internationally, and leaves text that is no number as it is', () => {
    expect(formatPhone('+442071838750')).toBe('+44 20 7183 8750');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('')).toBe('');
  });
});
