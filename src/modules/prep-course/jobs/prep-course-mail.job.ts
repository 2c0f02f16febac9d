import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { PrepRegistrationSubmitted, PrepSessionCancelled, PrepSessionMoved } from '../contracts/prep-course.events.js';
import { reminderJobId, remindersAfter, type ReminderKind } from '../domain/prep-reminders.js';
import { registrationsOf, registrationWithSession } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { cancelledMail, confirmationMail, movedMail, reminderMail, type MailLinks } from '../services/prep-mails.js';

export const MAIL_PREP_CONFIRMATION = 'mail-prep-confirmation';
export const MAIL_PREP_SESSION_MOVED = 'mail-prep-session-moved';
export const MAIL_PREP_SESSION_CANCELLED = 'mail-prep-session-cancelled';
export const MAIL_PREP_REMINDER = 'mail-prep-reminder';

/** The confirmation's mail id: the id of the job the dispatcher starts from the registration's event (`jobIdFor`), which the mail is sent under. */
export const confirmationMailId = (eventId: string) => `${eventId}--${MAIL_PREP_CONFIRMATION}`;

const OPTIONS = { attempts: 8, backoffMs: 2_000 };

export const prepCourseMailTriggers: readonly JobTrigger[] = [
  { eventType: 'PrepRegistrationSubmitted', job: MAIL_PREP_CONFIRMATION, options: OPTIONS },
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
