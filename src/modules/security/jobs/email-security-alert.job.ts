import type pg from 'pg';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';

export const EMAIL_SECURITY_ALERT = 'email-security-alert';

type AlertMail = { alertId: string; alertType: string; subject: string; eventCount: number; message: string };

export const emailSecurityAlertTriggers: readonly JobTrigger[] = [{ eventType: 'SecurityAlertRaised', job: EMAIL_SECURITY_ALERT, data: (event) => event.data as AlertMail }];

/** Mails every active admin about a new alert; one message per admin, each sent once. */
export function registerEmailSecurityAlertJob(jobs: JobQueue, pool: pg.Pool, mailer: Mailer): void {
  jobs.register<AlertMail>(EMAIL_SECURITY_ALERT, async (alert, { jobId }) => {
    const { rows } = await pool.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'admin' AND u.disabled_at IS NULL ORDER BY u.email`,
    );
    for (const admin of rows) {
      await mailer.send(`${jobId}:${admin.email}`, {
        to: admin.email,
        subject: `Security alert: ${alert.alertType.replaceAll('_', ' ')}`,
        text: `A high-severity security alert was raised.\n\n${alert.message}.\n\nReview the security events and alerts in the portal's admin area.\n`,
      });
    }
  });
}
