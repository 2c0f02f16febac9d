import type pg from 'pg';
import { z } from 'zod';

import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { enforce, type RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { accountEvent, recordAccountEvent } from '../account-events.js';
import type { ConfirmationEmailRequested, PasswordResetRequested } from '../contracts/identity.events.js';
import { EMAIL_LINK_PER_ACCOUNT, EMAIL_LINK_PER_IP } from '../domain/auth-rate-limits.js';

export const emailLinkRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')) });

export type EmailLinkInput = z.infer<typeof emailLinkRequest>;

type LinkRequested = (PasswordResetRequested | ConfirmationEmailRequested)['type'];

/**
 * Someone asks for a mailed link (password reset, or a new confirmation): the mail limits per
 * address and per account apply, and the event that sends the mail is recorded only for an
 * enabled account that needs it (a confirmation only while unconfirmed). The caller answers
 * alike either way, so nobody learns who has an account.
 */
export async function requestEmailLink(pool: pg.Pool, limiter: RateLimiter, type: LinkRequested, email: string, context: CommandContext): Promise<void> {
  await enforce(limiter, [
    { rule: EMAIL_LINK_PER_IP, subject: context.client?.ip ?? 'unknown' },
    { rule: EMAIL_LINK_PER_ACCOUNT, subject: email },
  ]);
  const onlyUnconfirmed = type === 'ConfirmationEmailRequested' ? ' AND email_confirmed_at IS NULL' : '';
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM users WHERE email = $1 AND disabled_at IS NULL${onlyUnconfirmed}`, [email]);
  const account = rows[0];
  if (account) await recordAccountEvent(pool, account.id, accountEvent(type, { userId: account.id, email }, account.id, context.requestId));
}
