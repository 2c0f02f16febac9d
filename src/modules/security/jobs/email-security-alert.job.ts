import type pg from 'pg';

import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { adminEmails, userLabels } from '../../identity/contracts/user-directory.js';

export const EMAIL_SECURITY_ALERT = 'email-security-alert';
export const EMAIL_SECURITY_ALERT_DIGEST = 'email-security-alert-digest';

/** After its window ends, the grouped mail waits this long more, so an alert raised in the window's last instant has committed. */
const DIGEST_GRACE_MS = 5_000;

type AlertMail = { alertId: string; alertType: string; subject: string; eventCount: number; message: string };
type Digest = { alertType: string; windowStart: string };

export const emailSecurityAlertTriggers: readonly JobTrigger[] = [
  { eventType: 'SecurityAlertRaised', job: EMAIL_SECURITY_ALERT, data: (event) => event.data as AlertMail },
];

const words = (alertType: string) => alertType.replaceAll('_', ' ');

/** The alert's message with a user's id replaced by their e-mail address, for the admins' mail. */
async function readable(pool: pg.Pool, alerts: readonly { subject: string; message: string }[]): Promise<string[]> {
  const userIds = alerts.flatMap((alert) => (alert.subject.startsWith('user:') ? [alert.subject.slice('user:'.length)] : []));
  const labels = userIds.length > 0 ? await userLabels(pool, userIds) : new Map<string, { email: string }>();
  return alerts.map((alert) => {
    const user = alert.subject.startsWith('user:') ? labels.get(alert.subject.slice('user:'.length)) : undefined;
    return user ? alert.message.replace(alert.subject, `user ${user.email}`) : alert.message;
  });
}

/**
 * Mails every active admin about alerts, grouped per type and window (SECURITY_ALERT_MAIL_WINDOW_SECONDS):
 * the first alert of a type in a window is mailed at once; the others of that type raised in the
 * window go out together in one mail when it ends, naming each address or user and its count. A
 * burst of alerts (many addresses over a rate limit) is two mails, not one per address. Later
 * events for the same subject join its alert while it is active and send no mail. Each message
 * is sent once per admin (its id is the alert's or the window's).
 */
export function registerEmailSecurityAlertJobs(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, windowMs: number): void {
  jobs.register<AlertMail>(EMAIL_SECURITY_ALERT, async (alert, { jobId }) => {
    const { rows } = await pool.query<{ created_at: Date }>('SELECT created_at FROM security_alerts WHERE alert_id = $1', [alert.alertId]);
    const raisedAt = rows[0]?.created_at.getTime() ?? Date.now();
    const windowStart = new Date(Math.floor(raisedAt / windowMs) * windowMs);
    await pool.query(
      `INSERT INTO security_alert_mail_windows (alert_type, window_start, first_alert_id) VALUES ($1, $2, $3) ON CONFLICT (alert_type, window_start) DO NOTHING`,
      [alert.alertType, windowStart, alert.alertId],
    );
    const { rows: windows } = await pool.query<{ first_alert_id: string }>(
      'SELECT first_alert_id FROM security_alert_mail_windows WHERE alert_type = $1 AND window_start = $2',
      [alert.alertType, windowStart],
    );
    if (windows[0]!.first_alert_id !== alert.alertId) {
      const digest: Digest = { alertType: alert.alertType, windowStart: windowStart.toISOString() };
      await jobs.enqueue(EMAIL_SECURITY_ALERT_DIGEST, digest, {
        jobId: `security-alert-digest:${digest.alertType}:${digest.windowStart}`,
        delayMs: Math.max(0, windowStart.getTime() + windowMs + DIGEST_GRACE_MS - Date.now()),
      });
      return;
    }
    const [message] = await readable(pool, [alert]);
    const minutes = Math.round(windowMs / 60_000);
    const window = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(windowMs / 1000)} seconds`;
    for (const admin of await adminEmails(pool)) {
      await mailer.send(`${jobId}:${admin}`, {
        to: admin,
        subject: `Security alert: ${words(alert.alertType)}`,
        text:
          `A high-severity security alert was raised.\n\n${message}.\n\n` +
          `Further events of this kind for the same ${alert.subject.startsWith('user:') ? 'user' : 'address'} are added to this alert until it is acknowledged or resolved; no further mail is sent for them. ` +
          `Other alerts of this kind raised within the same ${window} are mailed together when that window ends.\n\n` +
          `Review the security events and alerts in the portal's admin area.\n`,
      });
    }
  });

  jobs.register<Digest>(EMAIL_SECURITY_ALERT_DIGEST, async ({ alertType, windowStart }, { jobId }) => {
    const start = new Date(windowStart);
    const { rows } = await pool.query<{ subject: string; event_count: number; message: string }>(
      `SELECT a.subject, a.event_count, a.details->>'message' AS message
         FROM security_alerts a
         JOIN security_alert_mail_windows w ON w.alert_type = a.alert_type AND w.window_start = $2
        WHERE a.alert_type = $1 AND a.created_at >= $2 AND a.created_at < $3 AND a.alert_id <> w.first_alert_id
        ORDER BY a.created_at, a.alert_id`,
      [alertType, start, new Date(start.getTime() + windowMs)],
    );
    if (rows.length === 0) return;
    const messages = await readable(pool, rows);
    const lines = rows.map((row, i) => `- ${messages[i]}; ${row.event_count} event${row.event_count === 1 ? '' : 's'} so far`);
    for (const admin of await adminEmails(pool)) {
      await mailer.send(`${jobId}:${admin}`, {
        to: admin,
        subject: `Security alert: ${words(alertType)} (${rows.length} more)`,
        text:
          `${rows.length} more high-severity ${words(alertType)} alert${rows.length === 1 ? ' was' : 's were'} raised after the one mailed at ` +
          `${start.toISOString().slice(11, 16)} UTC:\n\n${lines.join('\n')}\n\n` +
          `Review the security events and alerts in the portal's admin area.\n`,
      });
    }
  });
}
