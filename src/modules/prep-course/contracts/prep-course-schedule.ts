import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';

export const PREP_COURSE_TIME_ZONE = 'America/New_York';
/** The first course Saturday; courses run every other weekend from here. */
export const FIRST_COURSE_SATURDAY = '2025-10-04';
export const COURSE_STEP_DAYS = 14;
export const COURSE_START_HOUR = 8;
export const COURSE_END_HOUR = 13;
export const OFFER_WINDOW_MONTHS = 3;

export type CourseWeekend = {
  /** yyyy-MM-dd of the Saturday (health day). */
  readonly saturday: string;
  /** yyyy-MM-dd of the Sunday (life day). */
  readonly sunday: string;
  /** Both days as stored with a registration: 'yyyy-MM-dd & yyyy-MM-dd'. */
  readonly dateIso: string;
  /** 'Saturday, Dec 5 & Sunday, Dec 6, 2026' */
  readonly label: string;
};

/**
 * The course weekends offered now: every other weekend from the first course date, from
 * today up to three months ahead (Eastern time). A Saturday course that has already
 * started (8 AM Eastern) is no longer offered. The old product stopped after a fixed list
 * of 15 dates; this follows the cadence for as long as it runs.
 */
export function offeredCourseWeekends(now: Date): CourseWeekend[] {
  const local = new TZDate(now.getTime(), PREP_COURSE_TIME_ZONE);
  const today = parseISO(format(local, 'yyyy-MM-dd'));
  const lastDay = addMonths(today, OFFER_WINDOW_MONTHS);
  const first = parseISO(FIRST_COURSE_SATURDAY);

  const sinceFirst = differenceInCalendarDays(today, first);
  let steps = sinceFirst <= 0 ? 0 : Math.ceil(sinceFirst / COURSE_STEP_DAYS);
  let saturday = addDays(first, steps * COURSE_STEP_DAYS);
  const startedToday = differenceInCalendarDays(saturday, today) === 0 && local.getHours() >= COURSE_START_HOUR;
  if (startedToday) saturday = addDays(first, ++steps * COURSE_STEP_DAYS);

  const weekends: CourseWeekend[] = [];
  while (differenceInCalendarDays(lastDay, saturday) >= 0) {
    weekends.push(describeWeekend(saturday));
    saturday = addDays(saturday, COURSE_STEP_DAYS);
  }
  return weekends;
}

/** The next course weekend, or null when none is offered (shown as TBA). */
export function nextCourseWeekend(now: Date): CourseWeekend | null {
  return offeredCourseWeekends(now)[0] ?? null;
}

/** True when `dateIso` is one of the weekends offered at `now` (registrations must match). */
export function isOfferedCourseWeekend(dateIso: string, now: Date): boolean {
  return offeredCourseWeekends(now).some((w) => w.dateIso === dateIso);
}

/** Whether a course Saturday (yyyy-MM-dd) may be registered for at `now`: from today (Eastern), not started yet (8 AM Eastern), at most three months ahead. */
export function isOfferedSaturday(saturday: string, now: Date): boolean {
  const local = new TZDate(now.getTime(), PREP_COURSE_TIME_ZONE);
  const today = parseISO(format(local, 'yyyy-MM-dd'));
  const day = parseISO(saturday);
  if (Number.isNaN(day.getTime()) || day.getDay() !== 6) return false;
  if (differenceInCalendarDays(day, today) < 0 || differenceInCalendarDays(addMonths(today, OFFER_WINDOW_MONTHS), day) < 0) return false;
  return now.getTime() < courseDayAt(saturday, COURSE_START_HOUR).getTime();
}

/** The instant of `hour`:00 Eastern on the day `date` (yyyy-MM-dd), whatever the offset that day (EST or EDT). */
export function courseDayAt(date: string, hour: number, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, PREP_COURSE_TIME_ZONE).getTime());
}

/** The weekend of a course Saturday given as yyyy-MM-dd. */
export function courseWeekendOf(saturday: string): CourseWeekend {
  return describeWeekend(parseISO(saturday));
}

function describeWeekend(saturday: Date): CourseWeekend {
  const sunday = addDays(saturday, 1);
  const sat = format(saturday, 'yyyy-MM-dd');
  const sun = format(sunday, 'yyyy-MM-dd');
  return {
    saturday: sat,
    sunday: sun,
    dateIso: `${sat} & ${sun}`,
    label: `${format(saturday, 'EEEE, MMM d')} & ${format(sunday, 'EEEE, MMM d, yyyy')}`,
  };
}
