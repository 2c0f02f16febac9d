import { tz, TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';

/**
 * The organisation's time zone (ORG_TIME_ZONE): every day boundary the portal counts by (a
 * statement's days, a finance day, a campaign's schedule and caps, the charts' days, the daily
 * limits) and every time it shows or exports is in it, and says so. Until agents choose their own
 * zone on their profile, nobody's profile zone is read: that is where it would plug in.
 */
export const DEFAULT_ORG_TIME_ZONE = 'America/New_York';

export const TIME_ZONE_HELP = 'expected an IANA time zone name, e.g. America/New_York, America/Chicago or Europe/London';

/** The zone's canonical IANA name ('america/new_york' -> 'America/New_York'), or null when it is not a zone name. */
export function canonicalTimeZone(name: string): string | null {
  // Intl also takes offsets ('+05:00') and abbreviations' cousins; a zone here is a named region (or UTC), whose rules follow daylight saving.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (t: Date) => `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;

/** The calendar day (YYYY-MM-DD) `at` falls on in `zone`: 2026-11-27T03:30Z is 2026-11-26 in New York. */
export const dayIn = (at: Date, zone: string): string => isoDay(new TZDate(at.getTime(), zone));

/** `hour`:00 on `day` (YYYY-MM-DD) in `zone`, as an instant (an hour the clocks skip is the one after it, as cron schedules read it). */
export function atHourIn(day: string, hour: number, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, 0, zone).getTime());
}

/** Midnight at the start of `day` (YYYY-MM-DD) in `zone`, as an instant. */
export const startOfDayIn = (day: string, zone: string): Date => atHourIn(day, 0, zone);

/** The instants [start, end) of `day` in `zone` (23 or 25 hours long on the days the clocks change). */
export const dayRangeIn = (day: string, zone: string): { start: Date; end: Date } => ({
  start: startOfDayIn(day, zone),
  end: startOfDayIn(shiftDay(day, 1), zone),
});

const calendar = tz('UTC');
/** The calendar day `days` after `day` (before it when negative), both YYYY-MM-DD; no zone, only the calendar. */
export const shiftDay = (day: string, days: number): string => format(addDays(`${day}T00:00:00Z`, days, { in: calendar }), 'yyyy-MM-dd', { in: calendar });

/** The instant written in `zone` as 'YYYY-MM-DD HH:mm:ss' (exports: the column's header names the zone). */
export function localTime(instant: Date, zone: string): string {
  const t = new TZDate(instant.getTime(), zone);
  return `${isoDay(t)} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}

/** The zone's short name at `at`, as people in en-US read it: 'EST' or 'EDT' in New York, 'GMT+1' where English has none. */
export function zoneAbbreviation(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** The zone as a sentence names it: 'Eastern Time (America/New_York)'. */
export function zoneName(zone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(at);
  const generic = parts.find((part) => part.type === 'timeZoneName')?.value;
  return generic && generic !== zone ? `${generic} (${zone})` : zone;
}

/** A moment in words with its zone, as e-mails show it: 'Nov 26, 2026, 10:30 PM EST'. */
export function timeInWords(at: Date, zone: string): string {
  const words = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return `${words} ${zoneAbbreviation(at, zone)}`;
}
