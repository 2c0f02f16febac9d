import type pg from 'pg';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { InvitationEmailRequested } from '../contracts/identity.events.js';
import { mailOneTimeLink } from './one-time-link-mail.js';
import { passwordResetLink } from './send-password-reset-email.job.js';

export const SEND_INVITATION_EMAIL = 'send-invitation-email';
/** How long a link to set a first password works (mailed invitation, or printed by admin:create). */
export const PASSWORD_LINK_VALID_MINUTES = 24 * 60;

type InvitationJob = InvitationEmailRequested['data'];

export const invitationEmailTriggers: readonly JobTrigger[] = [
  { eventType: 'InvitationEmailRequested', job: SEND_INVITATION_EMAIL, data: (event) => event.data as InvitationJob },
];

export function registerInvitationEmailJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, publicUrl: string): void {
  jobs.register<InvitationJob>(SEND_INVITATION_EMAIL, ({ userId, email }, { jobId }) =>
    mailOneTimeLink(pool, mailer, {
      jobId,
      userId,
      email,
      // Opening it sets the password and confirms the address, as a reset link does.
      purpose: 'reset-password',
      validMinutes: PASSWORD_LINK_VALID_MINUTES,
      link: (token) => passwordResetLink(publicUrl, token),
      subject: 'Your Agent Portal account',
      text: (link) =>
        `An administrator made you an account on the Agent Portal.\n\nOpen this link to choose your password (valid for ${PASSWORD_LINK_VALID_MINUTES / 60} hours):\n${link}\n\nIf you did not expect this, ignore this message.`,
    }),
  );
}
