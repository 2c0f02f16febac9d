import type pg from 'pg';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { AccountRegistered } from '../contracts/identity.events.js';
import { mailOneTimeLink } from './one-time-link-mail.js';

export const SEND_CONFIRMATION_EMAIL = 'send-confirmation-email';
const LINK_VALID_HOURS = 24;

type ConfirmationJob = AccountRegistered['data'];

export const confirmationEmailTriggers: readonly JobTrigger[] = ['AccountRegistered', 'ConfirmationEmailRequested'].map((eventType) => ({
  eventType,
  job: SEND_CONFIRMATION_EMAIL,
  data: (event) => event.data as ConfirmationJob,
}));

export function registerConfirmationEmailJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, publicUrl: string): void {
  jobs.register<ConfirmationJob>(SEND_CONFIRMATION_EMAIL, ({ userId, email }, { jobId }) =>
    mailOneTimeLink(pool, mailer, {
      jobId,
      userId,
      email,
      purpose: 'confirm-email',
      validMinutes: LINK_VALID_HOURS * 60,
      link: (token) => `${publicUrl}/auth/confirm?token=${token}`,
      subject: 'Confirm your e-mail for the Agent Portal',
      text: (link) =>
        `Welcome to the Agent Portal.\n\nOpen this link to confirm your e-mail address (valid for ${LINK_VALID_HOURS} hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
    }),
  );
}
