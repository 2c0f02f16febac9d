import { describe, expect, it } from 'vitest';

import { canonicalTimeZone, dayIn, dayRangeIn, localTime, shiftDay, startOfDayIn, timeInWords, zoneAbbreviation, zoneName } from './org-time.js';

const NY = 'America/New_York';

/** Runs `check` with the process in each of these zones: nothing here may depend on the machine's zone. */
function inEveryProcessZone(check: () => void): void {
  const zone = process.env.TZ;
  try {
    for (const tz of ['UTC', NY, 'Pacific/Chatham', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      check();
    }
  } finally {
    process.env.TZ = zone;
  }
}

describe('days in the organisation’s time zone', () => {
  it('puts a moment after midnight UTC on the day before in New York', () => {
    inEveryProcessZone(() => {
      expect(dayIn(new Date('2026-11-27T03:30:00Z'), NY)).toBe('2026-11-26');
      expect(dayIn(new Date('2026-11-27T05:00:00Z'), NY)).toBe('2026-11-27');
      expect(dayIn(new Date('2026-11-27T03:30:00Z'), 'UTC')).toBe('2026-11-27');
    });
  });

  it('starts a day at the zone’s midnight, and gives the days the clocks change 23 and 25 hours', () => {
    inEveryProcessZone(() => {
      expect(startOfDayIn('2026-11-27', NY).toISOString()).toBe('2026-11-27T05:00:00.000Z');
      expect(startOfDayIn('2026-07-04', NY).toISOString()).toBe('2026-07-04T04:00:00.000Z');
      const spring = dayRangeIn('2026-03-08', NY);
      expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
      expect(spring.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
      const fall = dayRangeIn('2026-11-01', NY);
      expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
      // The last minute before the spring change and the first after it fall on the same day.
      expect(dayIn(new Date('2026-03-08T06:59:00Z'), NY)).toBe('2026-03-08');
      expect(dayIn(new Date('2026-03-08T07:00:00Z'), NY)).toBe('2026-03-08');
      expect(dayIn(new Date('2026-03-09T03:59:59Z'), NY)).toBe('2026-03-08');
    });
  });

  it('shifts a day by whole calendar days, across months, leap days and DST changes', () => {
    inEveryProcessZone(() => {
      expect(shiftDay('2026-03-08', 1)).toBe('2026-03-09');
      expect(shiftDay('2026-11-01', -1)).toBe('2026-10-31');
      expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
      expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    });
  });
});

describe('times in the organisation’s time zone, naming it', () => {
  it('writes an export’s time in the zone, either side of a DST change', () => {
    inEveryProcessZone(() => {
      expect(localTime(new Date('2026-11-27T03:30:00Z'), NY)).toBe('2026-11-26 22:30:00');
      expect(localTime(new Date('2026-03-08T06:59:59Z'), NY)).toBe('2026-03-08 01:59:59');
      expect(localTime(new Date('2026-03-08T07:00:00Z'), NY)).toBe('2026-03-08 03:00:00');
    });
  });

  it('words a time with the zone’s abbreviation of that moment', () => {
    inEveryProcessZone(() => {
      expect(timeInWords(new Date('2026-11-27T03:30:00Z'), NY)).toBe('Nov 26, 2026, 10:30 PM EST');
      expect(timeInWords(new Date('2026-07-04T16:05:00Z'), NY)).toBe('Jul 4, 2026, 12:05 PM EDT');
      expect(zoneAbbreviation(new Date('2026-03-08T07:00:00Z'), NY)).toBe('EDT');
      expect(zoneName(NY)).toBe('Eastern Time (America/New_York)');
    });
  });

  it('knows IANA zone names and nothing else', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', 'Eastern', '+05:00', '', 'America/New York']) expect(canonicalTimeZone(bad)).toBeNull();
  });
});
