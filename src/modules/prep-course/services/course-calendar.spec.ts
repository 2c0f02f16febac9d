import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';

import { courseCalendar } from './course-calendar.js';

const events = (text: string) =>
  Object.values(ical.sync.parseICS(text))
    .filter((item): item is VEvent => item?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
const eastern = (at: Date) => format(new TZDate(at.getTime(), 'America/New_York'), 'yyyy-MM-dd HH:mm');

const base = {
  sessionId: '11111111-1111-4111-8111-111111111111',
  registerUrl: 'https://portal.example/prep-course/register',
  stamp: new Date('2026-01-02T10:00:00Z'),
};

describe('the course calendar file', () => {
  it('holds both days, 08:00–13:00 America/New_York, parsed back by a calendar library', () => {
    const text = courseCalendar({ ...base, saturday: '2026-01-10', days: ['saturday', 'sunday'] });
    expect(text).toContain('BEGIN:VTIMEZONE');
    // The mail's content type says method=PUBLISH: the file must say the same (RFC 6047).
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain('DTSTART;TZID=America/New_York:20260110T080000');
    const [day1, day2] = events(text);
    expect(day1!.start.toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(eastern(day1!.start)).toBe('2026-01-10 08:00');
    expect(eastern(day1!.end!)).toBe('2026-01-10 13:00');
    expect(day1!.summary).toBe('2-15 License Prep – Day 1 (Health)');
    expect(eastern(day2!.start)).toBe('2026-01-11 08:00');
    expect(day2!.summary).toBe('2-15 License Prep – Day 2 (Life)');
  });

  it('stamps each event in UTC, marked Z (RFC 5545: DTSTAMP is UTC)', () => {
    const text = courseCalendar({ ...base, saturday: '2026-06-13', days: ['saturday', 'sunday'] });
    expect(text.match(/^DTSTAMP:.*$/gm)).toEqual(['DTSTAMP:20260102T100000Z', 'DTSTAMP:20260102T100000Z']);
  });

  it('keeps 08:00 Eastern on the weekend the clocks change (Saturday EST, Sunday EDT)', () => {
    const [day1, day2] = events(courseCalendar({ ...base, saturday: '2026-03-07', days: ['saturday', 'sunday'] }));
    expect(day1!.start.toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(day2!.start.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect([eastern(day1!.start), eastern(day2!.start)]).toEqual(['2026-03-07 08:00', '2026-03-08 08:00']);
  });

  it('gives the Saturday alone as the same Day 1 event (same UID and times) as the two-day file', () => {
    const both = events(courseCalendar({ ...base, saturday: '2026-06-13', days: ['saturday', 'sunday'] }));
    const saturday = events(courseCalendar({ ...base, saturday: '2026-06-13', days: ['saturday'] }));
    expect(saturday).toHaveLength(1);
    expect(saturday[0]!.uid).toBe(both[0]!.uid);
    expect(saturday[0]!.start.toISOString()).toBe('2026-06-13T12:00:00.000Z');
    expect(saturday[0]!.end!.toISOString()).toBe(both[0]!.end!.toISOString());
  });

  it('marks the same two events cancelled, with a later sequence, when the weekend is cancelled', () => {
    const booked = events(courseCalendar({ ...base, saturday: '2026-06-13', days: ['saturday', 'sunday'] }));
    const text = courseCalendar({ ...base, saturday: '2026-06-13', days: ['saturday', 'sunday'], cancelled: true, stamp: new Date('2026-06-01T10:00:00Z') });
    const cancelled = events(text);
    expect(cancelled.map((event) => event.uid)).toEqual(booked.map((event) => event.uid));
    expect(cancelled.map((event) => event.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(booked.map((event) => event.status ?? null)).toEqual([null, null]);
    expect(Number(cancelled[0]!.sequence)).toBeGreaterThan(Number(booked[0]!.sequence));
  });
});
