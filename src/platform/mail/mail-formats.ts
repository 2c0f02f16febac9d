import { millisecondsInDay, millisecondsInHour, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

import { timeInWords } from '../time/org-time.js';

/**
 * Times and durations as an e-mail shows them: words a person reads, in `zone` (the
 * organisation's time zone, ORG_TIME_ZONE: the mail has no reader's zone), named by its
 * abbreviation, e.g. "Nov 25, 2026, 2:10 PM EST"; text that is not a time is returned as it is.
 */
export function mailTime(at: Date | string, zone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : timeInWords(date, zone);
}

/** Every ISO time in a text (as stored reasons word them) in mailTime's words. */
export const withMailTimes = (text: string, zone: string) => text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => mailTime(iso, zone));

const UNITS = [
  ['day', millisecondsInDay],
  ['hour', millisecondsInHour],
  ['minute', millisecondsInMinute],
  ['second', millisecondsInSecond],
] as const;

/** A length of time in the largest whole unit: "a day", "2 hours", "90 seconds". */
export function durationWords(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms >= size && ms % size === 0) ?? UNITS[3];
  const count = Math.max(1, Math.round(ms / size));
  return count === 1 ? `${unit === 'hour' ? 'an' : 'a'} ${unit}` : `${count} ${unit}s`;
}
