import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashToken } from '../../../platform/auth/session-store.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { AccountRegistered } from '../contracts/identity.events.js';

export const SEND_CONFIRMATION_EMAIL = 'send-confirmation-email';
const LINK_VALID_HOURS = 24;

type ConfirmationJob = AccountRegistered['data'];

export const confirmationEmailTriggers: readonly JobTrigger[] = ['AccountRegistered', 'ConfirmationEmailRequested'].map((eventType) => ({
  eventType,
  job: SEND_CONFIRMATION_EMAIL,
  data: (event) => event.data as ConfirmationJob,
}));

/** Makes a one-time link and mails it. A re-run mails nothing twice (the mail id is the job id). */
export function registerConfirmationEmailJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, publicUrl: string): void {
  jobs.register<ConfirmationJob>(SEND_CONFIRMATION_EMAIL, async ({ userId, email }, { jobId }) => {
    const token = randomBytes(32).toString('base64url');
    await pool.query(
      `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, 'confirm-email', now() + make_interval(hours => $3))`,
      [hashToken(token), userId, LINK_VALID_HOURS],
    );
    const link = `${publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
    await mailer.send(jobId, {
      to: email,
      subject: 'Confirm your e-mail for the Agent Portal',
      text: `Welcome to the Agent Portal.\n\nOpen this link to confirm your e-mail address (valid for ${LINK_VALID_HOURS} hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
    });
  });
}
