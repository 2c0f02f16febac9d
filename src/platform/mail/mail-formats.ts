import { millisecondsInDay, millisecondsInHour, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

/** Times and durations as an e-mail shows them: words a person reads, in UTC (the mail has no reader's time zone). */
const UTC_TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });

/** e.g. "Nov 25, 2026, 7:10 PM UTC"; text that is not a time is returned as it is. */
export function mailTime(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : `${UTC_TIME.format(date)} UTC`;
}

/** Every ISO time in a text (as stored reasons word them) in mailTime's words. */
export const withMailTimes = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => mailTime(iso));

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
