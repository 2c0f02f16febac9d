import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../../platform/config/config.js';
import { slaDeadlines } from './domain/sla/sla-clock.js';
import { supportConfig, type SupportSettings } from './support.config.js';

const load = (env: NodeJS.ProcessEnv) => readConfig([supportConfig], env) as unknown as SupportSettings;

describe('the support settings', () => {
  it('mail new requests to SUPPORT_EMAIL, or to every admin when it is not set', () => {
    expect(load({ SUPPORT_EMAIL: ' help@example.com ' }).supportEmail).toBe('help@example.com');
    expect(load({}).supportEmail).toBeNull();
    expect(load({ SUPPORT_EMAIL: '' }).supportEmail).toBeNull();
  });

  it('refuse an address that is not one', () => {
    expect(() => load({ SUPPORT_EMAIL: 'support desk' })).toThrow(ConfigError);
  });
});

const HOUR = 3_600_000;

describe('the help requests’ service levels', () => {
  it('default to weekdays 09:00-17:00 in the organisation’s zone, the US federal holidays of every year and no other, and the targets per priority', () => {
    const { calendar, targets, warnBeforeMs } = load({}).slaPolicy;
    expect({ ...calendar, weekdays: [...calendar.weekdays], holidays: [...calendar.holidays] }).toEqual({
      zone: 'America/New_York',
      weekdays: [1, 2, 3, 4, 5],
      opensAtMinute: 540,
      closesAtMinute: 1020,
      holidays: [],
      federalHolidays: true,
    });
    expect(targets).toEqual({
      High: { firstResponseMs: HOUR, resolutionMs: 8 * HOUR },
      Med: { firstResponseMs: 4 * HOUR, resolutionMs: 24 * HOUR },
      Low: { firstResponseMs: 8 * HOUR, resolutionMs: 40 * HOUR },
    });
    expect(warnBeforeMs).toBe(HOUR);
  });

  it('leave Thanksgiving out of the clocks by default, in any year', () => {
    const firstResponseDue = (env: NodeJS.ProcessEnv, openedAt: Date) => slaDeadlines(load(env).slaPolicy, 'High', openedAt).firstResponseDueAt;
    // Wednesdays 16:30 in New York, a High request's hour running to Friday 09:30 past Thanksgiving.
    expect(firstResponseDue({}, new Date('2026-11-25T21:30:00Z'))).toEqual(new Date('2026-11-27T14:30:00Z'));
    expect(firstResponseDue({}, new Date('2028-11-22T21:30:00Z'))).toEqual(new Date('2028-11-24T14:30:00Z'));
    // An organisation that works the federal holidays: Thursday 09:30.
    expect(firstResponseDue({ SLA_FEDERAL_HOLIDAYS: 'false' }, new Date('2028-11-22T21:30:00Z'))).toEqual(new Date('2028-11-23T14:30:00Z'));
  });

  it('read the business hours as written: day ranges, lists, half hours, the zone from ORG_TIME_ZONE', () => {
    const read = (env: NodeJS.ProcessEnv) => {
      const { zone, weekdays, opensAtMinute, closesAtMinute } = load(env).slaPolicy.calendar;
      return { zone, weekdays: [...weekdays].sort(), opensAtMinute, closesAtMinute };
    };
    expect(read({ SLA_BUSINESS_HOURS: 'Mon-Fri 08:30-18:00', ORG_TIME_ZONE: 'Europe/London' })).toEqual({
      zone: 'Europe/London',
      weekdays: [1, 2, 3, 4, 5],
      opensAtMinute: 510,
      closesAtMinute: 1080,
    });
    expect(read({ SLA_BUSINESS_HOURS: ' mon,Tue,THU 9:00 - 17:00 ' })).toMatchObject({ weekdays: [1, 2, 4], opensAtMinute: 540 });
    expect(read({ SLA_BUSINESS_HOURS: 'Sat-Mon 00:00-24:00' })).toMatchObject({ weekdays: [1, 6, 7], opensAtMinute: 0, closesAtMinute: 1440 });
  });

  it('take extra holidays as a list of dates, or none, beside the federal ones unless SLA_FEDERAL_HOLIDAYS is false', () => {
    const read = (env: NodeJS.ProcessEnv) => {
      const { holidays, federalHolidays } = load(env).slaPolicy.calendar;
      return { holidays: [...holidays], federalHolidays };
    };
    expect(read({ SLA_HOLIDAYS: '2026-12-24, 2026-12-31' })).toEqual({ holidays: ['2026-12-24', '2026-12-31'], federalHolidays: true });
    expect(read({ SLA_HOLIDAYS: 'none' })).toEqual({ holidays: [], federalHolidays: true });
    expect(read({ SLA_HOLIDAYS: '', SLA_FEDERAL_HOLIDAYS: 'true' })).toEqual({ holidays: [], federalHolidays: true });
    expect(read({ SLA_HOLIDAYS: '2026-12-24', SLA_FEDERAL_HOLIDAYS: 'false' })).toEqual({ holidays: ['2026-12-24'], federalHolidays: false });
  });

  it('read targets and the warning in minutes, hours and working days as long as the business day', () => {
    const { targets, warnBeforeMs } = load({
      SLA_BUSINESS_HOURS: 'Mon-Fri 08:30-18:00',
      SLA_TARGETS: 'low:1d/2d, High:30m/1h30m, Med:2h/1d4h',
      SLA_WARN_BEFORE: '45m',
    }).slaPolicy;
    expect(targets).toEqual({
      High: { firstResponseMs: HOUR / 2, resolutionMs: 1.5 * HOUR },
      Med: { firstResponseMs: 2 * HOUR, resolutionMs: 13.5 * HOUR },
      Low: { firstResponseMs: 9.5 * HOUR, resolutionMs: 19 * HOUR },
    });
    expect(warnBeforeMs).toBe(0.75 * HOUR);
    expect(load({ SLA_WARN_BEFORE: '0' }).slaPolicy.warnBeforeMs).toBe(0);
  });

  it('refuse values they cannot read, saying what they expect', () => {
    expect(() => load({ SLA_BUSINESS_HOURS: 'weekdays 9-5' })).toThrow(
      'SLA_BUSINESS_HOURS: expected working days and hours, e.g. Mon-Fri 09:00-17:00, Mon-Fri 08:30-18:00 or Mon,Tue,Thu 09:00-17:00 (days Mon to Sun, 24-hour times, closing after opening, 24:00 at the latest) (got "weekdays 9-5")',
    );
    for (const hours of [
      'Mon-Fri 17:00-09:00',
      'Mon-Fri 09:00-09:00',
      'Mon-Fry 09:00-17:00',
      'Mon-Fri 09:00-24:30',
      'Mon- 09:00-17:00',
      'Mon-Fri 9:60-17:00',
    ]) {
      expect(() => load({ SLA_BUSINESS_HOURS: hours }), hours).toThrow(/SLA_BUSINESS_HOURS: expected working days and hours/);
    }
    for (const holidays of ['2026-02-30', '12/25/2026', '2026-12-24,tomorrow']) {
      expect(() => load({ SLA_HOLIDAYS: holidays }), holidays).toThrow(/SLA_HOLIDAYS: expected dates YYYY-MM-DD separated by commas/);
    }
    for (const targets of [
      'High:1h/8h,Med:4h/24h',
      'High:1h/8h,Med:4h/24h,Low:8h',
      'High:1h/8h,Med:4h/24h,Low:0m/40h',
      'High:1h/8h,Med:4h/24h,Low:8h/40h,High:2h/9h',
      'Urgent:1h/2h',
    ]) {
      expect(() => load({ SLA_TARGETS: targets }), targets).toThrow(/SLA_TARGETS: expected a first-response\/resolution target for each of High, Med and Low/);
    }
    expect(() => load({ SLA_TARGETS: 'High:9h/8h,Med:4h/24h,Low:8h/40h' })).toThrow(
      'SLA_TARGETS: expected each first-response target to be no longer than its resolution target (not so for High)',
    );
    expect(() => load({ SLA_FEDERAL_HOLIDAYS: 'sometimes' })).toThrow('SLA_FEDERAL_HOLIDAYS: expected true or false (got "sometimes")');
    expect(() => load({ SLA_WARN_BEFORE: 'an hour' })).toThrow(/SLA_WARN_BEFORE: expected business time before a breach to warn the assignee, or 0 for none/);
  });

  it('report every bad variable at once', () => {
    expect(() => load({ SLA_HOLIDAYS: 'soon', SLA_TARGETS: 'fast' })).toThrow(
      expect.objectContaining({ problems: [expect.stringMatching(/^SLA_HOLIDAYS/), expect.stringMatching(/^SLA_TARGETS/)] }),
    );
  });
});
