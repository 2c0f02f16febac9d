import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

import { COURSE_END_HOUR, COURSE_START_HOUR, courseWeekendOf, PREP_COURSE_TIME_ZONE } from '../contracts/prep-course-schedule.js';

export type CourseDay = 'saturday' | 'sunday';

const DAYS: Record<CourseDay, { readonly summary: string; readonly topic: string }> = {
  saturday: { summary: '2-15 License Prep – Day 1 (Health)', topic: 'Day 1 of 2: health insurance. Both days are mandatory.' },
  sunday: { summary: '2-15 License Prep – Day 2 (Life)', topic: 'Day 2 of 2: life insurance. Both days are mandatory.' },
};

const at = (date: string, hour: number) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, hour, 0, 0, PREP_COURSE_TIME_ZONE);
};

/**
 * The course weekend as an iCalendar file: one event per day asked for, 8:00 AM – 1:00 PM in
 * America/New_York (with its VTIMEZONE, so a calendar app shows 08:00 Eastern whatever its own
 * zone and whether or not daylight saving applies). Each day's UID is stable, so the e-mail's
 * file and the page's 'Add Saturday to Calendar' file are the same Day 1 event, and a moved
 * course updates it in the calendar rather than adding another, and a cancelled one (`cancelled`:
 * the same events with STATUS:CANCELLED) marks it cancelled there.
 */
export function courseCalendar(input: {
  sessionId: string;
  saturday: string;
  days: readonly CourseDay[];
  registerUrl: string;
  stamp: Date;
  cancelled?: boolean;
}): string {
  const weekend = courseWeekendOf(input.saturday);
  const calendar = new ICalCalendar({
    prodId: { company: 'Agent Portal', product: '2-15 License Prep', language: 'EN' },
    name: '2-15 License Prep',
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.timezone({ name: PREP_COURSE_TIME_ZONE, generator: (zone) => tzlib_get_ical_block(zone)[0] });
  for (const day of input.days) {
    const date = day === 'saturday' ? weekend.saturday : weekend.sunday;
    calendar.createEvent({
      id: `prep-${input.sessionId}-${day}@agent-portal`,
      // A later file (the course moved) supersedes an earlier one for the same UID.
      sequence: Math.floor(input.stamp.getTime() / 1000),
      start: at(date, COURSE_START_HOUR),
      end: at(date, COURSE_END_HOUR),
      timezone: PREP_COURSE_TIME_ZONE,
      stamp: input.stamp,
      summary: DAYS[day].summary,
      description: `${DAYS[day].topic}\nLive on video, 8:00 AM – 1:00 PM Eastern. The meeting link comes by e-mail before the course.\n${input.registerUrl}`,
      location: 'Video meeting (link by e-mail)',
      url: input.registerUrl,
      ...(input.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  // ical-generator writes DTSTAMP in the calendar's zone without naming one; RFC 5545 (3.8.7.2) wants UTC, marked Z.
  const utcStamp = `${input.stamp.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${utcStamp}`);
}
