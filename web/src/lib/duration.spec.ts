import { describe, expect, it } from 'vitest';

import { durationWords } from './duration';

describe('durationWords', () => {
  it('says a period in the largest unit that divides it, singular or plural', () => {
    expect(durationWords(86_400)).toBe('1 day');
    expect(durationWords(3 * 86_400)).toBe('3 days');
    expect(durationWords(7_200)).toBe('2 hours');
    expect(durationWords(3_600)).toBe('1 hour');
    expect(durationWords(36 * 3_600)).toBe('36 hours');
    expect(durationWords(5_400)).toBe('90 minutes');
    expect(durationWords(61)).toBe('61 seconds');
  });
});
