/**
 * Every date and time the app shows is in the session's time zone (sent with the session: the
 * zone the user chose on their profile, else the organisation's, ORG_TIME_ZONE), never the
 * browser's, and says which: a time carries the zone's abbreviation ("EST", "EDT"), and a page
 * that counts days names the zone (`zoneLabel`). `orgTimeZone`/`orgZone` below keep their old
 * names: they hold the session's zone, which is the organisation's for anyone who chose none.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

let orgTimeZone = DEFAULT_TIME_ZONE;
/** ORG_TIME_ZONE itself, for the days that are the organisation's whatever zone the user chose (a finance day). */
let organisationTimeZone = DEFAULT_TIME_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

/** Sets the zone the server named (the session answer); a name this browser does not know keeps the one before. */
export function setOrgTimeZone(zone: string | undefined): void {
  if (!zone || zone === orgTimeZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    orgTimeZone = zone;
  } catch {
    // An older browser without this zone's rules: the default stays, still named on every time.
  }
}

/** Sets the organisation's zone the server named (the session answer's organisationTimeZone); an unknown name keeps the one before. */
export function setOrganisationTimeZone(zone: string | undefined): void {
  if (!zone || zone === organisationTimeZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    organisationTimeZone = zone;
  } catch {
    // As in setOrgTimeZone: the default stays.
  }
}

/** The organisation's IANA time zone (ORG_TIME_ZONE), which a finance day follows. */
export const organisationZone = (): string => organisationTimeZone;

/** The session's IANA time zone (the user's choice, else the organisation's). */
export const orgZone = (): string => orgTimeZone;

function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

const partOf = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';

/** The zone's short name at that moment: 'EST' or 'EDT' in New York ('GMT+1' where English has none). */
export const zoneAbbreviation = (at: Date | string = new Date(), zone = orgTimeZone): string =>
  partOf(formatter(zone, { timeZoneName: 'short' }).formatToParts(new Date(at)), 'timeZoneName') || zone;

/** The zone's everyday name: 'Eastern Time' (its IANA name where English has none). */
export const zoneName = (zone = orgTimeZone): string =>
  partOf(formatter(zone, { timeZoneName: 'longGeneric' }).formatToParts(new Date()), 'timeZoneName') || zone;

/** The zone as a sentence names it: 'Eastern Time (America/New_York)'. */
export function zoneLabel(zone = orgTimeZone): string {
  const name = zoneName(zone);
  return name !== zone ? `${name} (${zone})` : zone;
}

const withZone = (options: Intl.DateTimeFormatOptions) => (iso: string | null) => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatter(orgTimeZone, options).format(at)} ${zoneAbbreviation(at)}`;
};

/** A moment as a short date and time with its zone: '11/26/26, 10:30 PM EST', or '—' when there is none. */
export const formatShortDateTime = withZone({ dateStyle: 'short', timeStyle: 'short' });

/** A moment's short date and its time with the zone apart, for a narrow column that shows them on two lines: { date: '11/26/26', time: '10:30 PM EST' }. */
export function formatDateOverTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: formatter(orgTimeZone, { dateStyle: 'short' }).format(at),
    time: `${formatter(orgTimeZone, { timeStyle: 'short' }).format(at)} ${zoneAbbreviation(at)}`,
  };
}

/** A time to the second (e.g. a retry seconds away): '11/26/26, 10:30:05 PM EST'. */
export const formatDateTimeSeconds = withZone({ dateStyle: 'short', timeStyle: 'medium' });

/** A moment in words: 'Nov 26, 2026, 10:30 PM EST'. */
export const formatDateTime = withZone({ dateStyle: 'medium', timeStyle: 'short' });

/** A time of day to the second (a day's lines, the day named beside them): '10:30:05 PM EST'. */
export const formatTimeOfDay = withZone({ timeStyle: 'medium' });

/** The organisation's calendar day of a moment, in words: 'Nov 26, 2026'. */
export const formatDate = (iso: string) => formatter(orgTimeZone, { dateStyle: 'medium' }).format(new Date(iso));

/** The calendar day of a moment as YYYY-MM-DD in the session's zone (or `zone`); today by default. */
export function orgDay(at: Date | string = new Date(), zone = orgTimeZone): string {
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(at));
  return `${partOf(parts, 'year')}-${partOf(parts, 'month')}-${partOf(parts, 'day')}`;
}

/** How far the zone is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, zone: string): number {
  const parts = formatter(zone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(partOf(parts, type));
  const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wall - (at - (at % 1000));
}

/** A date-time field's value ('2026-11-26T22:30', read as the organisation's wall clock) as an ISO instant; '' stays undefined. */
export function orgLocalToInstant(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guess, then at the instant it gives (they differ only around a change of the clocks).
  const first = wall - offsetAt(wall, orgTimeZone);
  return new Date(wall - offsetAt(first, orgTimeZone)).toISOString();
}

/** An instant as a date-time field's value on the organisation's wall clock: '2026-11-26T22:30'. */
export function instantToOrgLocal(at: Date | string): string {
  const ms = new Date(at).getTime();
  return new Date(ms + offsetAt(ms, orgTimeZone)).toISOString().slice(0, 16);
}
