import type pg from 'pg';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { adminEmails, userLabels } from '../../identity/contracts/user-directory.js';

export const EMAIL_SECURITY_ALERT = 'email-security-alert';

type AlertMail = { alertId: string; alertType: string; subject: string; eventCount: number; message: string };

export const emailSecurityAlertTriggers: readonly JobTrigger[] = [
  { eventType: 'SecurityAlertRaised', job: EMAIL_SECURITY_ALERT, data: (event) => event.data as AlertMail },
];

/**
 * Mails every active admin about a new alert; one message per admin, each sent once. Later
 * events for the same subject join the alert while it is active and send no further mail.
 */
export function registerEmailSecurityAlertJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer): void {
  jobs.register<AlertMail>(EMAIL_SECURITY_ALERT, async (alert, { jobId }) => {
    const admins = await adminEmails(pool);
    const userId = alert.subject.startsWith('user:') ? alert.subject.slice('user:'.length) : null;
    const user = userId ? (await userLabels(pool, [userId])).get(userId) : undefined;
    const message = user ? `${alert.message.replace(alert.subject, `user ${user.email}`)}` : alert.message;
    for (const admin of admins) {
      await mailer.send(`${jobId}:${admin}`, {
        to: admin,
        subject: `Security alert: ${alert.alertType.replaceAll('_', ' ')}`,
        text:
          `A high-severity security alert was raised.\n\n${message}.\n\n` +
          `Further events of this kind for the same ${user ? 'user' : 'address'} are added to this alert until it is acknowledged or resolved; no further mail is sent for them.\n\n` +
          `Review the security events and alerts in the portal's admin area.\n`,
      });
    }
  });
}
