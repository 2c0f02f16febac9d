import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { PrepRegistrationRequested, PrepRegistrationSubmitted, PrepSessionCancelled, PrepSessionMoved } from '../contracts/prep-course.events.js';
import { detailChanges } from '../domain/prep-confirmation.js';
import { reminderJobId, remindersAfter, type ReminderKind } from '../domain/prep-reminders.js';
import { registrationsOf, registrationWithSession, sessionById } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { mailDelivered } from '../services/mail-delivery.js';
import {
  cancelledMail,
  changeRequestMail,
  confirmationMail,
  movedMail,
  registrationRequestMail,
  reminderMail,
  unchangedMail,
  type MailLinks,
} from '../services/prep-mails.js';
import { issueConfirmationToken, requestById } from '../services/registration-requests.js';

export const MAIL_PREP_CONFIRMATION = 'mail-prep-confirmation';
export const MAIL_PREP_SESSION_MOVED = 'mail-prep-session-moved';
export const MAIL_PREP_SESSION_CANCELLED = 'mail-prep-session-cancelled';
export const MAIL_PREP_REMINDER = 'mail-prep-reminder';
export const MAIL_PREP_REQUEST = 'mail-prep-request';

/** The confirmation's mail id: the id of the job the dispatcher starts from the registration's event (`jobIdFor`), which the mail is sent under. */
export const confirmationMailId = (eventId: string) => `${eventId}--${MAIL_PREP_CONFIRMATION}`;

/** The mail with a request's link: the id of the job started from its event. */
export const requestMailId = (eventId: string) => `${eventId}--${MAIL_PREP_REQUEST}`;

const OPTIONS = { attempts: 8, backoffMs: 2_000 };

export const prepCourseMailTriggers: readonly JobTrigger[] = [
  { eventType: 'PrepRegistrationSubmitted', job: MAIL_PREP_CONFIRMATION, options: OPTIONS },
  { eventType: 'PrepRegistrationRequested', job: MAIL_PREP_REQUEST, options: OPTIONS },
  { eventType: 'PrepSessionMoved', job: MAIL_PREP_SESSION_MOVED, options: OPTIONS },
  { eventType: 'PrepSessionCancelled', job: MAIL_PREP_SESSION_CANCELLED, options: OPTIONS },
];

type Event<T extends { type: string; data: unknown }> = JsonEvent & T;
export type ReminderJob = { readonly registrationId: string; readonly saturday: string; readonly kind: ReminderKind };

/**
 * The course's mails, each sent under an id derived from its job, so a job that runs again mails
 * nobody twice: the confirmation (with the weekend's calendar file), the registrants' notices when
 * an admin moves or cancels a weekend, and the two reminders. The reminders are delayed jobs, one per
 * registration, Saturday and kind; each checks at its time that the course still runs on that
 * Saturday, so a cancelled or moved weekend sends none (a moved one has its own for the new date).
 */
export function registerPrepCourseMailJobs(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, links: MailLinks, now: () => Date = () => new Date()): void {
  const scheduleReminders = async (registrationId: string, saturday: string) => {
    const at = now();
    await jobs.enqueueAll(
      remindersAfter(saturday, at).map(({ kind, dueAt }) => ({
        name: MAIL_PREP_REMINDER,
        data: { registrationId, saturday, kind } satisfies ReminderJob,
        options: { jobId: reminderJobId(registrationId, saturday, kind), delayMs: dueAt.getTime() - at.getTime(), ...OPTIONS },
      })),
    );
  };

  jobs.register<{ event: Event<PrepRegistrationSubmitted> }>(MAIL_PREP_CONFIRMATION, async ({ event }, { jobId }) => {
    const found = await registrationWithSession(pool, event.data.registrationId);
    if (!found || found.session.status === 'cancelled') return;
    await mailer.send(jobId, confirmationMail(found.registration, found.session.saturday, links, new Date(event.metadata.occurredAt), event.data.updated));
    await scheduleReminders(found.registration.registrationId, found.session.saturday);
  });

  // The link is made here, not when the form was sent: only its hash is kept, and only this mail carries it.
  jobs.register<{ event: Event<PrepRegistrationRequested> }>(MAIL_PREP_REQUEST, async ({ event }, { jobId }) => {
    const request = await requestById(pool, event.data.requestId);
    if (!request || request.confirmedAt || (await mailDelivered(pool, jobId, 0))) return;
    const current = request.registrationId ? await registrationWithSession(pool, request.registrationId) : null;
    if (current && detailChanges(current.registration, request).length === 0) {
      await mailer.send(jobId, unchangedMail(current.registration, current.session.saturday, links));
      return;
    }
    const token = await issueConfirmationToken(pool, request.requestId);
    if (!token) return;
    const link = `${links.publicUrl}/prep-course/confirm?token=${token}`;
    await mailer.send(
      jobId,
      current
        ? changeRequestMail(current.registration, detailChanges(current.registration, request), current.session.saturday, link, request.expiresAt)
        : registrationRequestMail(request, (await sessionById(pool, request.sessionId))?.saturday ?? event.data.saturday, link, request.expiresAt),
    );
  });

  jobs.register<{ event: Event<PrepSessionMoved> }>(MAIL_PREP_SESSION_MOVED, async ({ event }, { jobId }) => {
    const { sessionId, from, to } = event.data;
    const movedAt = new Date(event.metadata.occurredAt).getTime();
    // Whoever registered after the move chose the new weekend: they are not told it moved.
    const registeredBefore = (await registrationsOf(pool, sessionId)).filter((registration) => new Date(registration.createdAt).getTime() <= movedAt);
    for (const registration of registeredBefore) {
      await mailer.send(
        deterministicUuid('v8', jobId, registration.registrationId),
        movedMail(registration, from, to, links, new Date(event.metadata.occurredAt)),
      );
      await scheduleReminders(registration.registrationId, to);
    }
  });

  jobs.register<{ event: Event<PrepSessionCancelled> }>(MAIL_PREP_SESSION_CANCELLED, async ({ event }, { jobId }) => {
    for (const registration of await registrationsOf(pool, event.data.sessionId)) {
      await mailer.send(
        deterministicUuid('v8', jobId, registration.registrationId),
        cancelledMail(registration, event.data.saturday, links, new Date(event.metadata.occurredAt)),
      );
    }
  });

  jobs.register<ReminderJob>(MAIL_PREP_REMINDER, async ({ registrationId, saturday, kind }, { jobId }) => {
    const found = await registrationWithSession(pool, registrationId);
    if (!found || found.session.status !== 'scheduled' || found.session.saturday !== saturday) return;
    await mailer.send(jobId, reminderMail(found.registration, saturday, kind, links));
  });
}
