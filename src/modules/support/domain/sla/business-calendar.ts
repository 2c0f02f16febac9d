import { TZDate, tzOffset } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';

import { canonicalTimeZone } from '../../../../platform/time/org-time.js';
import { isUsFederalHoliday } from './us-federal-holidays.js';

/**
 * When the support desk works: one window a day, `opensAtMinute` to `closesAtMinute` of the local
 * wall clock in `zone`, on `weekdays`, except `holidays` (and the US federal holidays when
 * `federalHolidays`). Business time is real time elapsed inside
 * those windows, so a window the clocks change in lasts what it really lasts (00:00-08:00 is
 * 7 hours on the spring-forward day); 09:00-17:00 in New York is 8 hours every day.
 */
export type BusinessCalendar = {
  readonly zone: string;
  /** ISO weekdays: 1 = Monday ... 7 = Sunday. */
  readonly weekdays: ReadonlySet<number>;
  /** Minutes after local midnight, 0-1439. */
  readonly opensAtMinute: number;
  /** Minutes after local midnight, after opening; 1440 is the next midnight. */
  readonly closesAtMinute: number;
  /** Days nobody works, YYYY-MM-DD in `zone`. */
  readonly holidays: ReadonlySet<string>;
  /** Whether the US federal holidays of every year, as observed, are days nobody works too. */
  readonly federalHolidays: boolean;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** What makes a calendar unusable (no window would ever open), or null. */
export function businessCalendarProblem(calendar: BusinessCalendar): string | null {
  if (canonicalTimeZone(calendar.zone) === null) return `the calendar's zone is not an IANA time zone name (got "${calendar.zone}")`;
  if (![...calendar.weekdays].some((day) => Number.isInteger(day) && day >= 1 && day <= 7))
    return 'the calendar has no working weekday (1 = Monday ... 7 = Sunday)';
  const { opensAtMinute: opens, closesAtMinute: closes } = calendar;
  if (!Number.isInteger(opens) || !Number.isInteger(closes) || opens < 0 || closes > 1440 || closes <= opens) {
    return `the calendar's hours must open before they close within one day (got minutes ${opens}-${closes})`;
  }
  return null;
}

/** A day's business window as epoch milliseconds, or null on a day off. */
type Window = { readonly start: number; readonly end: number } | null;

// Each day's window costs zone look-ups; a calendar is usually the process's one config value, so
// its days are remembered (a few hundred a year) and long spans cost a map read a day. A calendar
// is read as immutable: changing its sets after first use is not seen.
const windowsOf = new WeakMap<BusinessCalendar, Map<number, Window>>();

/** The calendar's remembered windows; throws a RangeError for a calendar that would never open. */
function windowsFor(calendar: BusinessCalendar): Map<number, Window> {
  let windows = windowsOf.get(calendar);
  if (!windows) {
    const problem = businessCalendarProblem(calendar);
    if (problem) throw new RangeError(problem);
    windows = new Map();
    windowsOf.set(calendar, windows);
  }
  return windows;
}

function windowOn(calendar: BusinessCalendar, windows: Map<number, Window>, epochDay: number): Window {
  let window = windows.get(epochDay);
  if (window === undefined) {
    window = computeWindow(calendar, epochDay);
    windows.set(epochDay, window);
  }
  return window;
}

function computeWindow(calendar: BusinessCalendar, epochDay: number): Window {
  const isoWeekday = ((((epochDay + 3) % 7) + 7) % 7) + 1; // day 0, 1970-01-01, was a Thursday
  const midnight = epochDay * DAY_MS; // the day's wall clock, read as if it were UTC
  const day = new Date(midnight).toISOString().slice(0, 10);
  if (!calendar.weekdays.has(isoWeekday) || calendar.holidays.has(day) || (calendar.federalHolidays && isUsFederalHoliday(day))) return null;
  const opens = midnight + calendar.opensAtMinute * MINUTE_MS;
  const closes = midnight + calendar.closesAtMinute * MINUTE_MS;
  // Most days the zone's offset is the same a day either side (no zone changes its clocks twice
  // in three days): the window is then the wall clock shifted by it. Around a change of clocks,
  // TZDate resolves each time: one the clocks skip is the one after it (as atHourIn reads it),
  // one they repeat the first.
  const offsetBefore = tzOffset(calendar.zone, new Date(opens - DAY_MS));
  const shift = Math.round(offsetBefore * MINUTE_MS);
  const { start, end } =
    offsetBefore === tzOffset(calendar.zone, new Date(closes + DAY_MS))
      ? { start: opens - shift, end: closes - shift }
      : { start: wallClockInstant(opens, calendar.zone), end: wallClockInstant(closes, calendar.zone) };
  return end > start ? { start, end } : null;
}

/** The instant the wall clock of `zone` shows `wallClock` (read as UTC). */
function wallClockInstant(wallClock: number, zone: string): number {
  const t = new Date(wallClock);
  return new TZDate(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), 0, 0, zone).getTime();
}

function validTime(at: Date): number {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError('expected a valid date');
  return time;
}

const OFFSET_BUCKET_MS = 15 * MINUTE_MS;
const bucketOffsets = new LRUCache<string, number>({ max: 50_000 });

/**
 * The zone's offset (minutes) at `at`. Asking Intl costs microseconds and a list page asks for
 * every row's deadline, so the offset of each quarter hour is remembered, but only when the zone
 * shows one offset at both its ends (a change of clocks inside it is asked for exactly, each time).
 */
function offsetAt(zone: string, at: number): number {
  const bucket = Math.floor(at / OFFSET_BUCKET_MS);
  const key = `${zone} ${bucket}`;
  const known = bucketOffsets.get(key);
  if (known !== undefined) return known;
  const offset = tzOffset(zone, new Date(at));
  const first = tzOffset(zone, new Date(bucket * OFFSET_BUCKET_MS));
  const last = tzOffset(zone, new Date((bucket + 1) * OFFSET_BUCKET_MS - 1));
  if (first === last) bucketOffsets.set(key, first);
  return offset;
}

/** The calendar day `at` falls on in `zone` (the one dayIn names), as days since 1970-01-01. */
const localEpochDay = (at: number, zone: string): number => Math.floor((at + Math.round(offsetAt(zone, at) * MINUTE_MS)) / DAY_MS);

/**
 * The instant `ms` of business time after `start`, counted from the next opening when `start` is
 * outside business time (0 gives `start` itself in business time). Time that runs out exactly at
 * a closing ends there, not at the next opening: Friday 16:00 + 1 h is Friday 17:00.
 */
export function addBusinessTime(start: Date, ms: number, calendar: BusinessCalendar): Date {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`business time to add must be a finite number of milliseconds >= 0 (got ${ms})`);
  const from = validTime(start);
  const windows = windowsFor(calendar);
  let left = ms;
  for (let day = localEpochDay(from, calendar.zone); ; day++) {
    const window = windowOn(calendar, windows, day);
    if (!window || window.end <= from) continue;
    const begin = Math.max(from, window.start);
    if (left <= window.end - begin) return new Date(begin + left);
    left -= window.end - begin;
  }
}

/** Business milliseconds in [from, to); 0 when `to` is not after `from`. */
export function businessTimeBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  const start = validTime(from);
  const end = validTime(to);
  const windows = windowsFor(calendar);
  if (end <= start) return 0;
  let total = 0;
  const lastDay = localEpochDay(end, calendar.zone);
  for (let day = localEpochDay(start, calendar.zone); day <= lastDay; day++) {
    const window = windowOn(calendar, windows, day);
    if (window) total += Math.max(0, Math.min(window.end, end) - Math.max(window.start, start));
  }
  return total;
}

/** Whether `at` is inside a business window (opening included, closing not). */
export function isBusinessTime(at: Date, calendar: BusinessCalendar): boolean {
  const time = validTime(at);
  const window = windowOn(calendar, windowsFor(calendar), localEpochDay(time, calendar.zone));
  return window !== null && window.start <= time && time < window.end;
}

/** The first opening at or after `at` (inside business time: the next day's). */
export function nextOpening(at: Date, calendar: BusinessCalendar): Date {
  const from = validTime(at);
  const windows = windowsFor(calendar);
  for (let day = localEpochDay(from, calendar.zone); ; day++) {
    const window = windowOn(calendar, windows, day);
    if (window && window.start >= from) return new Date(window.start);
  }
}
