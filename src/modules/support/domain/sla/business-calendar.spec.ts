import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';

import { localTime } from '../../../../platform/time/org-time.js';
import { addBusinessTime, businessTimeBetween, isBusinessTime, nextOpening, type BusinessCalendar } from './business-calendar.js';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const MON_TO_FRI = new Set([1, 2, 3, 4, 5]);

const calendar = (changes: Partial<BusinessCalendar> = {}): BusinessCalendar => ({
  zone: NY,
  weekdays: MON_TO_FRI,
  opensAtMinute: 9 * 60,
  closesAtMinute: 17 * 60,
  holidays: new Set(),
  federalHolidays: false,
  ...changes,
});
const officeHours = calendar();

/** '2026-11-27 16:30' on the wall clock of `zone`. */
const at = (local: string, zone = NY): Date => {
  const [y, mo, d, h, mi] = local.split(/[- :]/).map(Number) as [number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, 0, zone).getTime());
};
/** The wall clock in `zone`, to the minute. */
const wall = (instant: Date, zone = NY) => localTime(instant, zone).slice(0, 16);

describe('adding business time', () => {
  it('carries what is left at Friday closing to Monday morning', () => {
    expect(wall(addBusinessTime(at('2026-11-27 16:30'), HOUR, officeHours))).toBe('2026-11-30 09:30');
  });

  it('ends at closing time when the time runs out exactly then, not at the next opening', () => {
    expect(wall(addBusinessTime(at('2026-11-27 16:00'), HOUR, officeHours))).toBe('2026-11-27 17:00');
  });

  it('skips a holiday Monday', () => {
    const mlkDay = calendar({ holidays: new Set(['2026-01-19']) });
    expect(wall(addBusinessTime(at('2026-01-16 16:30'), HOUR, mlkDay))).toBe('2026-01-20 09:30');
  });

  it('counts from the next opening when started at night or on a weekend', () => {
    expect(wall(addBusinessTime(at('2026-11-24 03:00'), HOUR, officeHours))).toBe('2026-11-24 10:00');
    expect(wall(addBusinessTime(at('2026-11-24 18:00'), HOUR, officeHours))).toBe('2026-11-25 10:00');
    expect(wall(addBusinessTime(at('2026-11-28 11:00'), 90 * MINUTE, officeHours))).toBe('2026-11-30 10:30');
  });

  it('adds nothing to a start in business time, and gives the next opening for one outside it', () => {
    expect(addBusinessTime(at('2026-11-24 10:15'), 0, officeHours)).toEqual(at('2026-11-24 10:15'));
    expect(addBusinessTime(at('2026-11-24 09:00'), 0, officeHours)).toEqual(at('2026-11-24 09:00'));
    expect(wall(addBusinessTime(at('2026-11-24 17:00'), 0, officeHours))).toBe('2026-11-25 09:00');
    expect(wall(addBusinessTime(at('2026-11-28 12:00'), 0, officeHours))).toBe('2026-11-30 09:00');
  });

  it('keeps business hours on the local clock across the spring-forward weekend', () => {
    // 2026-03-08: New York moves from UTC-5 to UTC-4 at 02:00.
    const due = addBusinessTime(at('2026-03-06 16:00'), 2 * HOUR, officeHours);
    expect(wall(due)).toBe('2026-03-09 10:00');
    expect(due.toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });

  it('keeps business hours on the local clock across the fall-back weekend', () => {
    // 2026-11-01: New York moves from UTC-4 to UTC-5 at 02:00.
    const due = addBusinessTime(at('2026-10-30 16:00'), 2 * HOUR, officeHours);
    expect(wall(due)).toBe('2026-11-02 10:00');
    expect(due.toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });

  it('counts a window the clocks change in for what it really lasts', () => {
    const sundayNights = calendar({ weekdays: new Set([7]), opensAtMinute: 0, closesAtMinute: 8 * 60 });
    expect(businessTimeBetween(at('2026-03-08 00:00'), at('2026-03-09 00:00'), sundayNights)).toBe(7 * HOUR);
    expect(businessTimeBetween(at('2026-11-01 00:00'), at('2026-11-02 00:00'), sundayNights)).toBe(9 * HOUR);
    expect(businessTimeBetween(at('2026-11-08 00:00'), at('2026-11-09 00:00'), sundayNights)).toBe(8 * HOUR);
    expect(wall(addBusinessTime(at('2026-03-08 00:00'), 7 * HOUR, sundayNights))).toBe('2026-03-08 08:00');
  });

  it('reaches a 400-hour target fifty working days on, across a change of clocks', () => {
    const due = addBusinessTime(at('2026-01-05 09:00'), 400 * HOUR, officeHours);
    expect(wall(due)).toBe('2026-03-13 17:00');
    expect(businessTimeBetween(at('2026-01-05 09:00'), due, officeHours)).toBe(400 * HOUR);
  });

  it('reads half-hour openings and other zones', () => {
    const london = calendar({ zone: 'Europe/London', opensAtMinute: 8 * 60 + 30, closesAtMinute: 18 * 60 });
    expect(wall(addBusinessTime(at('2026-11-27 17:00', 'Europe/London'), 2 * HOUR, london), 'Europe/London')).toBe('2026-11-30 09:30');
  });

  it('refuses a calendar that would never open, and time that cannot be added', () => {
    expect(() => addBusinessTime(at('2026-11-27 10:00'), HOUR, calendar({ weekdays: new Set() }))).toThrow(/no working weekday/);
    expect(() => addBusinessTime(at('2026-11-27 10:00'), HOUR, calendar({ opensAtMinute: 600, closesAtMinute: 600 }))).toThrow(/open before they close/);
    expect(() => businessTimeBetween(at('2026-11-27 10:00'), at('2026-11-28 10:00'), calendar({ zone: 'Mars/Olympus_Mons' }))).toThrow(/not an IANA time zone/);
    expect(() => addBusinessTime(at('2026-11-27 10:00'), -1, officeHours)).toThrow(RangeError);
    expect(() => addBusinessTime(at('2026-11-27 10:00'), Number.POSITIVE_INFINITY, officeHours)).toThrow(RangeError);
    expect(() => addBusinessTime(new Date(Number.NaN), HOUR, officeHours)).toThrow(RangeError);
  });
});

describe('business time between two instants', () => {
  it('counts only the working hours of working days', () => {
    expect(businessTimeBetween(at('2026-11-27 16:30'), at('2026-11-30 09:30'), officeHours)).toBe(HOUR);
    expect(businessTimeBetween(at('2026-11-23 00:00'), at('2026-11-30 00:00'), officeHours)).toBe(40 * HOUR);
    expect(businessTimeBetween(at('2026-11-28 08:00'), at('2026-11-29 20:00'), officeHours)).toBe(0);
  });

  it('is nothing when the end is not after the start', () => {
    expect(businessTimeBetween(at('2026-11-24 12:00'), at('2026-11-24 12:00'), officeHours)).toBe(0);
    expect(businessTimeBetween(at('2026-11-24 12:00'), at('2026-11-24 10:00'), officeHours)).toBe(0);
  });

  it('leaves holidays out', () => {
    const thanksgiving = calendar({ holidays: new Set(['2026-11-26']) });
    expect(businessTimeBetween(at('2026-11-23 00:00'), at('2026-11-30 00:00'), thanksgiving)).toBe(32 * HOUR);
  });

  it('leaves the US federal holidays of any year out, as observed, with the listed days', () => {
    const federal = calendar({ federalHolidays: true, holidays: new Set(['2028-11-24']) });
    // Thanksgiving 2028 and the Friday after.
    expect(businessTimeBetween(at('2028-11-20 00:00'), at('2028-11-27 00:00'), federal)).toBe(24 * HOUR);
    // Friday 2027-12-31 is New Year's Day 2028 observed.
    expect(wall(addBusinessTime(at('2027-12-30 16:30'), HOUR, federal))).toBe('2028-01-03 09:30');
    expect(isBusinessTime(at('2027-12-31 12:00'), federal)).toBe(false);
    expect(isBusinessTime(at('2027-12-31 12:00'), officeHours)).toBe(true);
  });

  it('is real time on a calendar that never closes, 23 and 25 hours on the days the clocks change', () => {
    const always = calendar({ weekdays: new Set([1, 2, 3, 4, 5, 6, 7]), opensAtMinute: 0, closesAtMinute: 1440 });
    expect(businessTimeBetween(at('2026-03-08 00:00'), at('2026-03-09 00:00'), always)).toBe(23 * HOUR);
    expect(businessTimeBetween(at('2026-11-01 00:00'), at('2026-11-02 00:00'), always)).toBe(25 * HOUR);
  });
});

describe('business hours', () => {
  it('include the opening minute and not the closing one', () => {
    expect(isBusinessTime(at('2026-11-24 09:00'), officeHours)).toBe(true);
    expect(isBusinessTime(at('2026-11-24 16:59'), officeHours)).toBe(true);
    expect(isBusinessTime(at('2026-11-24 17:00'), officeHours)).toBe(false);
    expect(isBusinessTime(at('2026-11-28 12:00'), officeHours)).toBe(false);
  });

  it('open next at the first opening from then on', () => {
    expect(wall(nextOpening(at('2026-11-24 08:00'), officeHours))).toBe('2026-11-24 09:00');
    expect(wall(nextOpening(at('2026-11-24 09:00'), officeHours))).toBe('2026-11-24 09:00');
    expect(wall(nextOpening(at('2026-11-24 09:01'), officeHours))).toBe('2026-11-25 09:00');
    expect(wall(nextOpening(at('2026-11-27 17:30'), officeHours))).toBe('2026-11-30 09:00');
  });
});
