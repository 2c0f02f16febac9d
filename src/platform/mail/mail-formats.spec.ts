import { describe, expect, it } from 'vitest';

import { durationWords, mailTime, withMailTimes } from './mail-formats.js';

describe('times and durations in e-mails', () => {
  it('words a time in the organisation’s time zone and names it, and leaves text that is not one', () => {
    expect(mailTime('2026-11-25T19:07:12.160Z', 'America/New_York')).toBe('Nov 25, 2026, 2:07 PM EST');
    // 02:00 UTC is the evening before in New York, in daylight time in summer.
    expect(mailTime(new Date('2026-07-04T02:00:00Z'), 'America/New_York')).toBe('Jul 3, 2026, 10:00 PM EDT');
    expect(mailTime('soon', 'America/New_York')).toBe('soon');
    expect(withMailTimes('Deliveries have failed since 2026-11-25T19:07:12.160Z. The last answer: HTTP 500', 'America/Chicago')).toBe(
      'Deliveries have failed since Nov 25, 2026, 1:07 PM CST. The last answer: HTTP 500',
    );
  });

  it('words a duration in its largest whole unit', () => {
    expect(durationWords(86_400_000)).toBe('a day');
    expect(durationWords(2 * 86_400_000)).toBe('2 days');
    expect(durationWords(3_600_000)).toBe('an hour');
    expect(durationWords(120_000)).toBe('2 minutes');
    expect(durationWords(90_000)).toBe('90 seconds');
    expect(durationWords(400)).toBe('a second');
  });
});
