import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

import { escapeHtml } from '../../../platform/mail/escape-html.js';
import type { MailAttachment, MailMessage } from '../../../platform/mail/mailer.js';
import { courseWeekendOf, PREP_COURSE_TIME_ZONE } from '../contracts/prep-course-schedule.js';
import type { DetailChange, RegistrationDetails } from '../domain/prep-confirmation.js';
import type { ReminderKind } from '../domain/prep-reminders.js';
import type { RegistrationRow } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { courseCalendar } from './course-calendar.js';

export type MailLinks = { readonly publicUrl: string };

const HOURS = '8:00 AM – 1:00 PM Eastern (America/New_York), on video';

const registerUrl = (links: MailLinks) => `${links.publicUrl}/prep-course/register`;
const studyGuideUrl = (links: MailLinks) => `${links.publicUrl}/api/prep-course/study-guide.pdf`;

/**
 * Every mail is written as lines of plain text; the HTML part is the same lines, each escaped, so
 * whatever a sender typed into the form (a name, say) reaches an inbox as text, never as markup.
 */
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
 * The confirmation of a registration in force: every detail, both days, and the weekend as a
 * calendar file. `updated` when a confirmed change replaced the earlier details.
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
        ? 'Your registration for the 2-15 License Prep course is updated. Your details now:'
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

const until = (expiresAt: Date) => `${format(new TZDate(expiresAt.getTime(), PREP_COURSE_TIME_ZONE), "MMM d, yyyy 'at' h:mm a")} Eastern`;

const detailLines = (details: RegistrationDetails) => [
  `Name: ${details.firstName} ${details.lastName}`,
  `Office: ${details.officeLabel}`,
  `Exam attempts so far: ${details.examAttempts}`,
];

/** Someone sent the form for this address: the link registers it; nothing happens without it. */
export function registrationRequestMail(
  request: RegistrationDetails & { readonly email: string },
  saturday: string,
  link: string,
  expiresAt: Date,
): MailMessage {
  const weekend = courseWeekendOf(saturday);
  return mail(request.email, `Confirm your registration: 2-15 License Prep, ${weekend.label}`, [
    `Hello,`,
    '',
    `The 2-15 License Prep registration form was sent for this e-mail address, for ${weekend.label} (${HOURS}), with these details:`,
    ...detailLines(request),
    '',
    `To take your seat, open this link by ${until(expiresAt)}:`,
    link,
    '',
    'Your seat is held only once you confirm. If you did not register, ignore this e-mail: nothing is registered.',
  ]);
}

/** Someone asked to change this address's registration: what would change, and the link that changes it. */
export function changeRequestMail(current: RegistrationRow, changes: readonly DetailChange[], saturday: string, link: string, expiresAt: Date): MailMessage {
  const weekend = courseWeekendOf(saturday);
  return mail(current.email, `Confirm the change to your registration: 2-15 License Prep, ${weekend.label}`, [
    `Hi ${current.firstName},`,
    '',
    `Someone sent the 2-15 License Prep registration form again for this e-mail address and ${weekend.label}. Your registration has not changed. If you confirm, it would change as follows:`,
    ...changes.map((change) => `${change.label}: "${change.from}" would become "${change.to}"`),
    '',
    `To make this change, open this link by ${until(expiresAt)}:`,
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your registration stays exactly as it is.',
  ]);
}

/** The form was sent again with the details already registered: nothing to confirm. */
export function unchangedMail(current: RegistrationRow, saturday: string, links: MailLinks): MailMessage {
  const weekend = courseWeekendOf(saturday);
  return mail(current.email, `You're already registered: 2-15 License Prep, ${weekend.label}`, [
    `Hi ${current.firstName},`,
    '',
    `The registration form was sent again for this e-mail address and ${weekend.label}, with the details you are already registered with. Nothing changes:`,
    ...detailLines(current),
    '',
    `Study guide: ${studyGuideUrl(links)}`,
  ]);
}
