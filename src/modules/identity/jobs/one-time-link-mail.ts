import { randomBytes } from 'node:crypto';
import type pg from 'pg';

import { hashToken } from '../../../platform/auth/session-store.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';

type OneTimeLinkMail = {
  readonly jobId: string;
  readonly userId: string;
  readonly email: string;
  readonly purpose: 'confirm-email' | 'reset-password';
  readonly validMinutes: number;
  readonly link: (token: string) => string;
  readonly subject: string;
  readonly text: (link: string) => string;
};

/** A one-time token for a link; only its hash is stored. */
export async function issueOneTimeToken(db: SqlClient, userId: string, purpose: OneTimeLinkMail['purpose'], validMinutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
    hashToken(token),
    userId,
    purpose,
    validMinutes,
  ]);
  return token;
}

/**
 * Makes a one-time token (only its hash is stored) and mails the link that carries it.
 * A re-run job mails nothing twice: the mail id is the job id.
 */
export async function mailOneTimeLink(pool: pg.Pool, mailer: Mailer, mail: OneTimeLinkMail): Promise<void> {
  const token = await issueOneTimeToken(pool, mail.userId, mail.purpose, mail.validMinutes);
  await mailer.send(mail.jobId, { to: mail.email, subject: mail.subject, text: mail.text(mail.link(encodeURIComponent(token))) });
}
