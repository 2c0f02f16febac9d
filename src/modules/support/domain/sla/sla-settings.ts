import { PRIORITIES, type Priority } from '../../contracts/ticket-values.js';

/** How the SLA_* settings are written; each parser gives null for text it cannot read, and the config says what it expected. */

export const DEFAULT_BUSINESS_HOURS = 'Mon-Fri 09:00-17:00';
export const BUSINESS_HOURS_HELP =
  'expected working days and hours, e.g. Mon-Fri 09:00-17:00, Mon-Fri 08:30-18:00 or Mon,Tue,Thu 09:00-17:00 (days Mon to Sun, 24-hour times, closing after opening, 24:00 at the latest)';

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export type BusinessHours = { readonly weekdays: ReadonlySet<number>; readonly opensAtMinute: number; readonly closesAtMinute: number };

/** 'Mon-Fri 09:00-17:00', 'Mon,Tue,Thu 09:00-17:00', 'Sat-Mon 08:30-12:00' (a range may wrap past Sunday). */
export function parseBusinessHours(text: string): BusinessHours | null {
  const match = /^(\S+)\s+(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, days, openH, openM, closeH, closeM] = match as unknown as [string, string, string, string, string, string];
  const weekdays = parseWeekdays(days);
  const opensAtMinute = minuteOfDay(openH, openM);
  const closesAtMinute = minuteOfDay(closeH, closeM);
  if (!weekdays || opensAtMinute === null || closesAtMinute === null || closesAtMinute <= opensAtMinute) return null;
  return { weekdays, opensAtMinute, closesAtMinute };
}

function parseWeekdays(text: string): Set<number> | null {
  const weekdays = new Set<number>();
  for (const item of text.toLowerCase().split(',')) {
    const [first, last, ...rest] = item.split('-').map((name) => DAY_NAMES.indexOf(name as (typeof DAY_NAMES)[number]) + 1);
    if (first === undefined || first === 0 || last === 0 || rest.length > 0) return null;
    for (let day = first, steps = 0; steps < 7; day = (day % 7) + 1, steps++) {
      weekdays.add(day);
      if (day === (last ?? first)) break;
    }
  }
  return weekdays;
}

function minuteOfDay(hours: string, minutes: string): number | null {
  const [h, m] = [Number(hours), Number(minutes)];
  if (m > 59 || h * 60 + m > 24 * 60) return null;
  return h * 60 + m;
}

export const HOLIDAYS_HELP = 'expected dates YYYY-MM-DD separated by commas, e.g. 2026-12-24,2026-12-31, or none';

/** 'none', or dates YYYY-MM-DD separated by commas, each a real day. */
export function parseHolidays(text: string): Set<string> | null {
  if (text.trim().toLowerCase() === 'none') return new Set();
  const days = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return days.length > 0 && days.every(isCalendarDay) ? new Set(days) : null;
}

function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match !== null && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === day;
}

/** Business time as written: whole working days (as long as the calendar's day) and milliseconds. */
export type BusinessDuration = { readonly days: number; readonly ms: number };
export const DURATION_HELP = 'm for minutes, h for hours, d for working days, e.g. 30m, 1h30m or 2d';

/** '30m', '1h30m', '2d', '1d4h', '0'; up to five digits a part. */
export function parseBusinessDuration(text: string): BusinessDuration | null {
  const compact = text.replace(/\s+/g, '').toLowerCase();
  if (compact === '0') return { days: 0, ms: 0 };
  const match = /^(?:(\d{1,5})d)?(?:(\d{1,5})h)?(?:(\d{1,5})m)?$/.exec(compact);
  if (!match || compact === '') return null;
  const [days, hours, minutes] = [match[1], match[2], match[3]].map((part) => Number(part ?? 0)) as [number, number, number];
  return { days, ms: (hours * 60 + minutes) * 60_000 };
}

/** Milliseconds of business time, a working day being `dayMs` long. */
export const businessDurationMs = (duration: BusinessDuration, dayMs: number): number => duration.days * dayMs + duration.ms;

export type WrittenSlaTargets = Readonly<Record<Priority, { readonly firstResponse: BusinessDuration; readonly resolution: BusinessDuration }>>;
export const DEFAULT_SLA_TARGETS = 'High:1h/8h,Med:4h/24h,Low:8h/40h';
export const SLA_TARGETS_HELP = `expected a first-response/resolution target for each of High, Med and Low, both more than 0, e.g. ${DEFAULT_SLA_TARGETS} (${DURATION_HELP})`;

/** 'High:1h/8h,Med:4h/24h,Low:8h/40h': every priority once, in any order. */
export function parseSlaTargets(text: string): WrittenSlaTargets | null {
  const targets = new Map<string, { firstResponse: BusinessDuration; resolution: BusinessDuration }>();
  for (const item of text.split(',')) {
    const match = /^\s*(\w+)\s*:\s*([^/]+)\/([^/]+)$/.exec(item);
    const priority = PRIORITIES.find((name) => name.toLowerCase() === match?.[1]?.toLowerCase());
    const firstResponse = match ? parseBusinessDuration(match[2]!) : null;
    const resolution = match ? parseBusinessDuration(match[3]!) : null;
    if (!priority || targets.has(priority) || !firstResponse || !resolution || isZero(firstResponse) || isZero(resolution)) return null;
    targets.set(priority, { firstResponse, resolution });
  }
  return PRIORITIES.every((priority) => targets.has(priority)) ? (Object.fromEntries(targets) as WrittenSlaTargets) : null;
}

const isZero = (duration: BusinessDuration) => duration.days === 0 && duration.ms === 0;
