import { escapeHtml } from '../../../platform/mail/escape-html.js';
import type { MailAttachment, MailMessage } from '../../../platform/mail/mailer.js';
import { courseWeekendOf } from '../contracts/prep-course-schedule.js';
import type { ReminderKind } from '../domain/prep-reminders.js';
import type { RegistrationRow } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { courseCalendar } from './course-calendar.js';

export type MailLinks = { readonly publicUrl: string };

const HOURS = '8:00 AM – 1:00 PM Eastern (America/New_York), on video';

const registerUrl = (links: MailLinks) => `${links.publicUrl}/prep-course/register`;
const studyGuideUrl = (links: MailLinks) => `${links.publicUrl}/api/prep-course/study-guide.pdf`;

function mail(to: string, subject: string, lines: readonly string[], attachments?: readonly MailAttachment[]): MailMessage {
  const text = lines.join('\n');
  const html = lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('');
  return { to, subject, text, html, ...(attachments ? { attachments } : {}) };
}

function calendarFile(sessionId: string, saturday: string, links: MailLinks, stamp: Date, cancelled = false): MailAttachment {
  return {
    filename: '2-15-license-prep.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: courseCalendar({ sessionId, saturday, days: ['saturday', 'sunday'], registerUrl: registerUrl(links), stamp, cancelled }),
  };
}

/**
 * The confirmation: every detail given, both days, and the weekend as a calendar file. When the
 * form was sent again for the same address and weekend (`updated`), it says the details changed,
 * so the address's owner hears of a change they did not make.
 */
export function confirmationMail(registration: RegistrationRow, saturday: string, links: MailLinks, stamp: Date, updated = false): MailMessage {
  const weekend = courseWeekendOf(saturday);
  return mail(
    registration.email,
    updated ? `Your registration was updated: 2-15 License Prep, ${weekend.label}` : `You're registered: 2-15 License Prep, ${weekend.label}`,
    [
      `Hi ${registration.firstName},`,
      '',
      updated
        ? 'Your registration for the 2-15 License Prep course was sent again with these details, which replace the earlier ones:'
        : 'You are registered for the 2-15 License Prep course. Here are your details:',
      `Name: ${registration.firstName} ${registration.lastName}`,
      `Office: ${registration.officeLabel}`,
      `Exam attempts so far: ${registration.examAttempts}`,
      `Day 1 (health): ${weekend.label.split(' & ')[0]}, ${HOURS}`,
      `Day 2 (life): ${weekend.label.split(' & ')[1]}, ${HOURS}`,
      'Both days are mandatory. The attached calendar file adds both days to your calendar.',
      '',
      `Study guide: ${studyGuideUrl(links)}`,
      'We will remind you two days before and on the morning of the course.',
      ...(updated ? ['', 'If you did not make this change, reply to this e-mail and we will put it right.'] : []),
    ],
    [calendarFile(registration.sessionId, saturday, links, stamp)],
  );
}

export function movedMail(registration: RegistrationRow, from: string, to: string, links: MailLinks, stamp: Date): MailMessage {
  const before = courseWeekendOf(from);
  const after = courseWeekendOf(to);
  return mail(
    registration.email,
    `Your 2-15 License Prep weekend has moved to ${after.label}`,
    [
      `Hi ${registration.firstName},`,
      '',
      `The 2-15 License Prep course you registered for on ${before.label} has moved.`,
      `New dates: ${after.label}, ${HOURS}. Both days are mandatory.`,
      'The attached calendar file replaces the old dates in your calendar.',
      `Cannot make the new dates? Register for another weekend: ${registerUrl(links)}`,
    ],
    [calendarFile(registration.sessionId, to, links, stamp)],
  );
}

/** The weekend is cancelled: the attached calendar file marks both days cancelled in the registrant's calendar. */
export function cancelledMail(registration: RegistrationRow, saturday: string, links: MailLinks, stamp: Date): MailMessage {
  const weekend = courseWeekendOf(saturday);
  return mail(
    registration.email,
    `Cancelled: 2-15 License Prep on ${weekend.label}`,
    [
      `Hi ${registration.firstName},`,
      '',
      `The 2-15 License Prep course on ${weekend.label} is cancelled. We are sorry for the change of plan.`,
      'The attached calendar file marks both days cancelled in your calendar.',
      `Please register for another weekend: ${registerUrl(links)}`,
      `Your study guide stays available: ${studyGuideUrl(links)}`,
    ],
    [calendarFile(registration.sessionId, saturday, links, stamp, true)],
  );
}

export function reminderMail(registration: RegistrationRow, saturday: string, kind: ReminderKind, links: MailLinks): MailMessage {
  const weekend = courseWeekendOf(saturday);
  const subject =
    kind === 'two-days-before' ? `Reminder: 2-15 License Prep this weekend, ${weekend.label}` : 'Today: 2-15 License Prep starts at 8:00 AM Eastern';
  const opening =
    kind === 'two-days-before'
      ? `Your 2-15 License Prep course is this weekend: ${weekend.label}, ${HOURS}.`
      : `Your 2-15 License Prep course starts today at 8:00 AM Eastern (Day 1, health); Day 2 (life) is tomorrow, same time.`;
  return mail(registration.email, subject, [
    `Hi ${registration.firstName},`,
    '',
    opening,
    'Both days are mandatory. Have your study guide at hand:',
    studyGuideUrl(links),
  ]);
}
