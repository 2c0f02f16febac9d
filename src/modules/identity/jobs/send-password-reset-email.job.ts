import type pg from 'pg';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { PasswordResetRequested } from '../contracts/identity.events.js';
import { mailOneTimeLink } from './one-time-link-mail.js';

export const SEND_PASSWORD_RESET_EMAIL = 'send-password-reset-email';
const LINK_VALID_MINUTES = 60;

type ResetJob = PasswordResetRequested['data'];

/** Where a reset token is used: the web app's set-new-password form. */
export const passwordResetLink = (publicUrl: string, token: string) => `${publicUrl}/auth?type=recovery&token=${token}`;

export const passwordResetEmailTriggers: readonly JobTrigger[] = [
  { eventType: 'PasswordResetRequested', job: SEND_PASSWORD_RESET_EMAIL, data: (event) => event.data as ResetJob },
];

export function registerPasswordResetEmailJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, publicUrl: string): void {
  jobs.register<ResetJob>(SEND_PASSWORD_RESET_EMAIL, ({ userId, email }, { jobId }) =>
    mailOneTimeLink(pool, mailer, {
      jobId,
      userId,
      email,
      purpose: 'reset-password',
      validMinutes: LINK_VALID_MINUTES,
      link: (token) => passwordResetLink(publicUrl, token),
      subject: 'Reset your Agent Portal password',
      text: (link) =>
        `Someone asked to reset the password of your Agent Portal account.\n\nOpen this link to choose a new password (valid for ${LINK_VALID_MINUTES} minutes):\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    }),
  );
}
