import { describe, expect, it } from 'vitest';

import { courseDayAt, courseWeekendOf, isOfferedCourseWeekend, isOfferedSaturday, nextCourseWeekend, offeredCourseWeekends } from './prep-course-schedule.js';

// Eastern time is UTC-5 in winter, UTC-4 in summer.
const eastern = (iso: string) => new Date(iso);

describe('prep course schedule', () => {
  it('offers the first weekend itself before it starts', () => {
    const next = nextCourseWeekend(eastern('2025-09-20T12:00:00-04:00'));
    expect(next).toEqual({
      saturday: '2025-10-04',
      sunday: '2025-10-05',
      dateIso: '2025-10-04 & 2025-10-05',
      label: 'Saturday, Oct 4 & Sunday, Oct 5, 2025',
    });
  });

  it('keeps the every-other-weekend cadence long after the first date', () => {
    // 2026-11-22 is a Sunday; the cadence gives Saturdays 2026-11-28, 2026-12-12, ...
    const offered = offeredCourseWeekends(eastern('2026-11-22T10:00:00-05:00'));
    expect(offered.map((w) => w.saturday)).toEqual(['2026-11-28', '2026-12-12', '2026-12-26', '2027-01-09', '2027-01-23', '2027-02-06', '2027-02-20']);
  });

  it('still offers a course Saturday before 8 AM Eastern and skips it from 8 AM on', () => {
    expect(nextCourseWeekend(eastern('2026-11-28T07:59:00-05:00'))!.saturday).toBe('2026-11-28');
    expect(nextCourseWeekend(eastern('2026-11-28T08:00:00-05:00'))!.saturday).toBe('2026-12-12');
    // 12:30 UTC is 7:30 in New York: still before the start.
    expect(nextCourseWeekend(new Date('2026-11-28T12:30:00Z'))!.saturday).toBe('2026-11-28');
  });

  it('offers dates only up to three months ahead', () => {
    const offered = offeredCourseWeekends(eastern('2026-01-01T12:00:00-05:00'));
    expect(offered.at(-1)!.saturday <= '2026-04-01').toBe(true);
    expect(offered.length).toBeGreaterThanOrEqual(6);
  });

  it('offers a course Saturday exactly three months ahead as the last of the window, and not a day sooner', () => {
    // 2026-11-28 is a course Saturday; three months before it is Friday 2026-08-28.
    const onTheDay = eastern('2026-08-28T10:00:00-04:00');
    expect(offeredCourseWeekends(onTheDay).at(-1)!.saturday).toBe('2026-11-28');
    expect(isOfferedSaturday('2026-11-28', onTheDay)).toBe(true);
    const dayBefore = eastern('2026-08-27T10:00:00-04:00');
    expect(offeredCourseWeekends(dayBefore).at(-1)!.saturday).toBe('2026-11-14');
    expect(isOfferedSaturday('2026-11-28', dayBefore)).toBe(false);
  });

  it('accepts only an offered weekend for registration', () => {
    const now = eastern('2026-11-22T10:00:00-05:00');
    expect(isOfferedCourseWeekend('2026-11-28 & 2026-11-29', now)).toBe(true);
    expect(isOfferedCourseWeekend('2026-11-21 & 2026-11-22', now)).toBe(false);
    expect(isOfferedCourseWeekend('2026-12-05 & 2026-12-06', now)).toBe(false);
  });
});

describe('an offered Saturday (registrations and the sessions table)', () => {
  it('is offered on the Saturday until 07:59 Eastern and no longer from 08:00', () => {
    expect(isOfferedSaturday('2026-11-28', new Date('2026-11-28T07:59:00-05:00'))).toBe(true);
    expect(isOfferedSaturday('2026-11-28', new Date('2026-11-28T08:00:00-05:00'))).toBe(false);
  });

  it('reads 8 AM on New York’s clock across the change to daylight saving time', () => {
    // Clocks go forward on Sunday 2026-03-08; the course Saturday 2026-03-07 is still EST (UTC-5), the next one EDT (UTC-4).
    expect(courseDayAt('2026-03-07', 8).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(courseDayAt('2026-03-21', 8).toISOString()).toBe('2026-03-21T12:00:00.000Z');
    expect(isOfferedSaturday('2026-03-21', new Date('2026-03-21T11:59:00Z'))).toBe(true);
    expect(isOfferedSaturday('2026-03-21', new Date('2026-03-21T12:00:00Z'))).toBe(false);
    // Sunday 2026-03-08 is the second day of the weekend that started before the change: 08:00 EDT there.
    expect(courseDayAt('2026-03-08', 8).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('refuses a day that is not a Saturday, one in the past and one past the three-month window', () => {
    const now = new Date('2026-11-22T10:00:00-05:00');
    expect(isOfferedSaturday('2026-11-29', now)).toBe(false);
    expect(isOfferedSaturday('2026-11-21', now)).toBe(false);
    expect(isOfferedSaturday('2027-02-20', now)).toBe(true);
    expect(isOfferedSaturday('2027-03-06', now)).toBe(false);
    expect(isOfferedSaturday('not-a-day', now)).toBe(false);
  });

  it('describes any course Saturday the same way as the cadence does', () => {
    expect(courseWeekendOf('2026-11-28')).toEqual(nextCourseWeekend(new Date('2026-11-22T10:00:00-05:00')));
  });
});
