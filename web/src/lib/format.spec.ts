import { afterEach, describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateOverTime,
  formatDateTime,
  formatDateTimeSeconds,
  formatShortDateTime,
  instantToOrgLocal,
  orgDay,
  orgLocalToInstant,
  orgZone,
  setOrgTimeZone,
  zoneAbbreviation,
  zoneLabel,
} from './format';

describe('dates and times on screen, in the organisation’s time zone', () => {
  afterEach(() => setOrgTimeZone('America/New_York'));

  it('shows a moment after midnight UTC on the New York evening before, naming the zone, whatever the browser’s zone', () => {
    // 03:30 UTC on Nov 27 is 10:30 PM on Nov 26 in New York (EST).
    expect(formatShortDateTime('2026-11-27T03:30:00Z')).toBe('11/26/26, 10:30 PM EST');
    expect(formatDateTime('2026-11-27T03:30:00Z')).toBe('Nov 26, 2026, 10:30 PM EST');
    expect(formatDateTimeSeconds('2026-11-27T03:30:05Z')).toBe('11/26/26, 10:30:05 PM EST');
    expect(formatDate('2026-11-27T03:30:00Z')).toBe('Nov 26, 2026');
    expect(formatDateOverTime('2026-11-27T03:30:00Z')).toEqual({ date: '11/26/26', time: '10:30 PM EST' });
    expect(orgDay('2026-11-27T03:30:00Z')).toBe('2026-11-26');
    expect(orgDay('2026-11-27T05:00:00Z')).toBe('2026-11-27');
    expect(formatShortDateTime(null)).toBe('—');
  });

  it('names daylight time on its side of a change of the clocks', () => {
    expect(formatShortDateTime('2026-03-08T06:59:00Z')).toBe('3/8/26, 1:59 AM EST');
    expect(formatShortDateTime('2026-03-08T07:00:00Z')).toBe('3/8/26, 3:00 AM EDT');
    expect(zoneAbbreviation('2026-07-04T12:00:00Z')).toBe('EDT');
    expect(zoneLabel()).toBe('Eastern Time (America/New_York)');
  });

  it('follows the zone the server names, and keeps its own when the name is unknown', () => {
    setOrgTimeZone('America/Chicago');
    expect(orgZone()).toBe('America/Chicago');
    expect(formatShortDateTime('2026-11-27T03:30:00Z')).toBe('11/26/26, 9:30 PM CST');
    setOrgTimeZone('Mars/Olympus_Mons');
    expect(orgZone()).toBe('America/Chicago');
    expect(zoneLabel()).toBe('Central Time (America/Chicago)');
  });

  it('reads a date-time field as the organisation’s wall clock, also across a change of the clocks', () => {
    expect(orgLocalToInstant('2026-11-26T22:30')).toBe('2026-11-27T03:30:00.000Z');
    expect(orgLocalToInstant('2026-07-04T12:00:30')).toBe('2026-07-04T16:00:30.000Z');
    expect(orgLocalToInstant('2026-03-08T03:00')).toBe('2026-03-08T07:00:00.000Z');
    expect(orgLocalToInstant('2026-03-08T01:59')).toBe('2026-03-08T06:59:00.000Z');
    expect(orgLocalToInstant('')).toBeUndefined();
    expect(instantToOrgLocal('2026-11-27T03:30:00Z')).toBe('2026-11-26T22:30');
    expect(instantToOrgLocal('2026-07-04T16:00:00Z')).toBe('2026-07-04T12:00');
  });
});
