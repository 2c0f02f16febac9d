import type { Day } from 'date-fns';
import { addDays } from 'date-fns/addDays';
import { addWeeks } from 'date-fns/addWeeks';
import { isSaturday } from 'date-fns/isSaturday';
import { isSunday } from 'date-fns/isSunday';
import { lightFormat } from 'date-fns/lightFormat';
import { nextDay } from 'date-fns/nextDay';
import { previousDay } from 'date-fns/previousDay';
import { subDays } from 'date-fns/subDays';

/**
 * The US federal holidays (5 U.S.C. 6103) by rule, as observed: a holiday on a fixed date that
 * falls on a Saturday is observed the Friday before, one on a Sunday the Monday after. Today's law
 * is read into every year: that past years had other holidays (none on Juneteenth before 2021) is not modelled.
 */

const MONDAY: Day = 1;
const THURSDAY: Day = 4;

/** A date's calendar day as a local Date at midnight; `setFullYear` takes years 1-99 as written and rolls over days past a month's end. */
function dayOf(year: number, month: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date;
}

function observed(year: number, month: number, day: number): Date {
  const date = dayOf(year, month, day);
  if (isSaturday(date)) return subDays(date, 1);
  if (isSunday(date)) return addDays(date, 1);
  return date;
}

/** The `nth` `weekday` of the month (1 = the first). */
const nthWeekday = (year: number, month: number, weekday: Day, nth: number): Date => addWeeks(nextDay(dayOf(year, month, 0), weekday), nth - 1);

const lastWeekday = (year: number, month: number, weekday: Day): Date => previousDay(dayOf(year, month + 1, 1), weekday);

/** Each holiday's observed day in a year, in date order (New Year's Day first, whichever year it is observed in). */
const OBSERVED_DAY: Readonly<Record<string, (year: number) => Date>> = {
  "New Year's Day": (year) => observed(year, 1, 1),
  'Birthday of Martin Luther King, Jr.': (year) => nthWeekday(year, 1, MONDAY, 3),
  "Washington's Birthday": (year) => nthWeekday(year, 2, MONDAY, 3),
  'Memorial Day': (year) => lastWeekday(year, 5, MONDAY),
  'Juneteenth National Independence Day': (year) => observed(year, 6, 19),
  'Independence Day': (year) => observed(year, 7, 4),
  'Labor Day': (year) => nthWeekday(year, 9, MONDAY, 1),
  'Columbus Day': (year) => nthWeekday(year, 10, MONDAY, 2),
  'Veterans Day': (year) => observed(year, 11, 11),
  'Thanksgiving Day': (year) => nthWeekday(year, 11, THURSDAY, 4),
  'Christmas Day': (year) => observed(year, 12, 25),
};

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * The days `year`'s eleven holidays are observed on, YYYY-MM-DD in date order. A New Year's Day on
 * a Saturday is observed on December 31 of the year before, so that day comes first.
 */
export function usFederalHolidays(year: number): string[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw new RangeError(`expected a year from ${FIRST_YEAR} to ${LAST_YEAR} (got ${year})`);
  }
  return Object.values(OBSERVED_DAY).map((observedIn) => lightFormat(observedIn(year), 'yyyy-MM-dd'));
}

/** Whether federal employees have `isoDay` (YYYY-MM-DD) off; false for text that is not such a day. */
export function isUsFederalHoliday(isoDay: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(isoDay);
  if (!match) return false;
  const year = Number(match[1]);
  // The day may be the next year's New Year's Day, observed on this year's December 31.
  return [year, year + 1].some((holidayYear) => holidayYear >= FIRST_YEAR && holidayYear <= LAST_YEAR && usFederalHolidays(holidayYear).includes(isoDay));
}
