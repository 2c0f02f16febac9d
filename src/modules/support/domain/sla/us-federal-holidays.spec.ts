import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isUsFederalHoliday, usFederalHolidays } from './us-federal-holidays.js';

/** OPM's published federal holidays (opm.gov, "Federal Holidays"), as observed. */
const OPM = {
  2026: [
    '2026-01-01', // New Year's Day
    '2026-01-19', // Birthday of Martin Luther King, Jr.
    '2026-02-16', // Washington's Birthday
    '2026-05-25', // Memorial Day
    '2026-06-19', // Juneteenth
    '2026-07-03', // Independence Day, July 4 being a Saturday
    '2026-09-07', // Labor Day
    '2026-10-12', // Columbus Day
    '2026-11-11', // Veterans Day
    '2026-11-26', // Thanksgiving Day
    '2026-12-25', // Christmas Day
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-05-31',
    '2027-06-18', // Juneteenth, June 19 being a Saturday
    '2027-07-05', // Independence Day, July 4 being a Sunday
    '2027-09-06',
    '2027-10-11',
    '2027-11-11',
    '2027-11-25',
    '2027-12-24', // Christmas Day, December 25 being a Saturday
  ],
  2028: [
    '2027-12-31', // New Year's Day, January 1 2028 being a Saturday
    '2028-01-17',
    '2028-02-21',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-10-09',
    '2028-11-10', // Veterans Day, November 11 being a Saturday
    '2028-11-23',
    '2028-12-25',
  ],
};

const weekday = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`).getUTCDay();
const year = fc.integer({ min: 1, max: 9999 });

describe('the US federal holidays by rule', () => {
  it.each(Object.entries(OPM))('are the days OPM publishes for %s', (holidayYear, days) => {
    expect(usFederalHolidays(Number(holidayYear))).toEqual(days);
  });

  it("name a day as one when it is observed, New Year's Day on the December 31 before included", () => {
    for (const day of Object.values(OPM).flat()) expect(isUsFederalHoliday(day), day).toBe(true);
    for (const day of ['2026-07-04', '2027-06-19', '2027-07-04', '2027-12-25', '2028-01-01', '2028-11-11', '2026-12-24', '2026-12-31', '2028-01-02']) {
      expect(isUsFederalHoliday(day), day).toBe(false);
    }
  });

  it('are eleven a year, each on a weekday of its own month (a Saturday New Year observed on December 31 the year before)', () => {
    fc.assert(
      fc.property(year, (holidayYear) => {
        const days = usFederalHolidays(holidayYear);
        expect(days).toHaveLength(11);
        expect(new Set(days).size).toBe(11);
        expect(days.map(weekday).filter((day) => day === 0 || day === 6)).toEqual([]);
        const newYear = `${String(holidayYear).padStart(4, '0')}-01-01`;
        expect([newYear, `${String(holidayYear - 1).padStart(4, '0')}-12-31`, `${newYear.slice(0, 8)}02`]).toContain(days[0]);
        const months = days.slice(1).map((day) => [Number(day.slice(0, 4)), Number(day.slice(5, 7))]);
        expect(months).toEqual([1, 2, 5, 6, 7, 9, 10, 11, 11, 12].map((month) => [holidayYear, month]));
      }),
      { numRuns: 500 },
    );
  });

  it('are each found by the day lookup, and no weekend day is', () => {
    fc.assert(
      fc.property(year, (holidayYear) => {
        for (const day of usFederalHolidays(holidayYear)) expect(isUsFederalHoliday(day), day).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('0002-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = date.toISOString().slice(0, 10);
        if (date.getUTCDay() === 0 || date.getUTCDay() === 6) expect(isUsFederalHoliday(day), day).toBe(false);
      }),
    );
  });

  it('refuse a year they cannot write as YYYY, and find no holiday in text that is not a day', () => {
    for (const badYear of [0, 10_000, 2026.5, Number.NaN]) expect(() => usFederalHolidays(badYear), String(badYear)).toThrow(RangeError);
    expect(isUsFederalHoliday('12/25/2026')).toBe(false);
    expect(isUsFederalHoliday('+010000-01-01')).toBe(false);
  });
});
