import { differenceInCalendarWeeks } from 'date-fns/differenceInCalendarWeeks';

import { dayIn, dayRangeIn, shiftDay } from '../../../platform/time/org-time.js';

/**
 * Bonus weeks run Monday to Sunday on New York's calendar (the weekly run's day and time are set
 * in America/New_York). A week is named by its Monday, 'YYYY-MM-DD'.
 */
export const BONUS_TIME_ZONE = 'America/New_York';

const WEEK_ID = /^\d{4}-\d{2}-\d{2}$/;

const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The Monday of the calendar week `day` (YYYY-MM-DD) falls in. */
export const mondayOf = (day: string): string => shiftDay(day, -((weekdayOf(day) + 6) % 7));

/** The bonus week an instant falls in. */
export const bonusWeekOf = (at: Date): string => mondayOf(dayIn(at, BONUS_TIME_ZONE));

/** True for a Monday written as YYYY-MM-DD that is a real date. */
export function isBonusWeek(week: string): boolean {
  if (!WEEK_ID.test(week)) return false;
  const date = new Date(`${week}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === week && weekdayOf(week) === 1;
}

/** The instants [start, end) of a bonus week: Monday 00:00 to the next Monday 00:00 in New York (167 or 169 hours when the clocks change). */
export function bonusWeekRange(week: string): { start: Date; end: Date } {
  return { start: dayRangeIn(week, BONUS_TIME_ZONE).start, end: dayRangeIn(shiftDay(week, 7), BONUS_TIME_ZONE).start };
}

/** The week before. */
export const previousBonusWeek = (week: string): string => shiftDay(week, -7);

/** The last bonus week that has ended at `at`: the one a scheduled run at `at` is for, and the one an admin opens by default. */
export const weekEndedBefore = (at: Date): string => previousBonusWeek(bonusWeekOf(at));

/** How far back a run may be opened: two years of weeks, the longest a missed run could plausibly be made up for. */
export const OLDEST_RUN_WEEKS = 104;

/** The oldest week whose run may be opened at `at`. */
export const oldestRunWeek = (at: Date): string => shiftDay(weekEndedBefore(at), -7 * (OLDEST_RUN_WEEKS - 1));

/** The week's last day (its Sunday). */
export const lastDayOf = (week: string): string => shiftDay(week, 6);

/**
 * Which week of the program `week` is for an agent who started on `programStart` (YYYY-MM-DD):
 * the week the start falls in is week 1. 0 when the program starts after the week; null when
 * the start is not known.
 */
export function weeksInProgram(programStart: string | null, week: string): number | null {
  if (programStart === null) return null;
  const startWeek = mondayOf(programStart);
  if (startWeek > week) return 0;
  return differenceInCalendarWeeks(`${week}T12:00:00`, `${startWeek}T12:00:00`, { weekStartsOn: 1 }) + 1;
}
