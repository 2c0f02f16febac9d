import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { addBusinessTime, businessTimeBetween, isBusinessTime, nextOpening, type BusinessCalendar } from './business-calendar.js';

/*
 * The calendar's arithmetic on any instants of 2025-2028 and amounts up to 12 working weeks, on
 * calendars chosen to be awkward: office hours with the federal holidays and listed ones, a window the clocks change inside
 * (Sunday 01:00-03:30 in New York: 1.5 hours in March, 3.5 in November), and one that never closes.
 */

const HOUR = 3_600_000;
const calendars: Record<string, BusinessCalendar> = {
  officeHours: {
    zone: 'America/New_York',
    weekdays: new Set([1, 2, 3, 4, 5]),
    opensAtMinute: 9 * 60,
    closesAtMinute: 17 * 60,
    holidays: new Set(['2025-12-24', '2026-11-27', '2027-12-27', '2028-01-17']),
    federalHolidays: true,
  },
  changingClocks: {
    zone: 'America/New_York',
    weekdays: new Set([3, 7]),
    opensAtMinute: 60,
    closesAtMinute: 3 * 60 + 30,
    holidays: new Set(['2026-03-11']),
    federalHolidays: false,
  },
  neverCloses: {
    zone: 'Australia/Lord_Howe',
    weekdays: new Set([1, 2, 3, 4, 5, 6, 7]),
    opensAtMinute: 0,
    closesAtMinute: 1440,
    holidays: new Set(),
    federalHolidays: false,
  },
};

const calendar = fc.constantFrom(...Object.keys(calendars)).map((name) => calendars[name]!);
const instant = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true });
/** Business ms: whole minutes mostly, odd milliseconds sometimes, up to 480 hours. */
const amount = fc.oneof(
  fc.integer({ min: 0, max: 480 * 60 }).map((minutes) => minutes * 60_000),
  fc.integer({ min: 0, max: 480 * HOUR }),
);
const runs = { numRuns: 300 };

describe('business time, on any calendar', () => {
  it('adding an amount and measuring back gives the amount', () => {
    fc.assert(
      fc.property(calendar, instant, amount, (cal, start, ms) => {
        expect(businessTimeBetween(start, addBusinessTime(start, ms, cal), cal)).toBe(ms);
      }),
      runs,
    );
  });

  it('a larger amount never ends earlier', () => {
    fc.assert(
      fc.property(calendar, instant, amount, amount, (cal, start, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        expect(addBusinessTime(start, small, cal).getTime()).toBeLessThanOrEqual(addBusinessTime(start, large, cal).getTime());
      }),
      runs,
    );
  });

  it('ends in business time or at a closing time; nothing added is the start in business time, else the next opening', () => {
    fc.assert(
      fc.property(calendar, instant, amount, (cal, start, ms) => {
        const end = addBusinessTime(start, ms, cal);
        expect(end.getTime()).toBeGreaterThanOrEqual(start.getTime());
        if (ms === 0) expect(end).toEqual(isBusinessTime(start, cal) ? start : nextOpening(start, cal));
        else expect(isBusinessTime(end, cal) || isBusinessTime(new Date(end.getTime() - 1), cal)).toBe(true);
      }),
      runs,
    );
  });

  it('adding in two steps is adding the sum (the second step not empty)', () => {
    fc.assert(
      fc.property(calendar, instant, amount, amount, (cal, start, a, b) => {
        fc.pre(b > 0);
        expect(addBusinessTime(addBusinessTime(start, a, cal), b, cal)).toEqual(addBusinessTime(start, a + b, cal));
      }),
      runs,
    );
  });

  it('the time between two instants is the sum over any point between them', () => {
    fc.assert(
      fc.property(calendar, fc.array(instant, { minLength: 3, maxLength: 3 }), (cal, points) => {
        const [from, middle, to] = [...points].sort((x, y) => x.getTime() - y.getTime()) as [Date, Date, Date];
        expect(businessTimeBetween(from, to, cal)).toBe(businessTimeBetween(from, middle, cal) + businessTimeBetween(middle, to, cal));
      }),
      runs,
    );
  });

  it('is never more than the real time elapsed, and all of it on a calendar that never closes', () => {
    fc.assert(
      fc.property(calendar, instant, instant, (cal, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const between = businessTimeBetween(from, to, cal);
        if (cal === calendars.neverCloses) expect(between).toBe(to.getTime() - from.getTime());
        else expect(between).toBeLessThanOrEqual(to.getTime() - from.getTime());
      }),
      runs,
    );
  });
});
