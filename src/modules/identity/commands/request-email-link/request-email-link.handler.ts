import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { z } from 'zod';

import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { accountEvent, recordAccountEvent } from '../../account-events.js';
import type { ConfirmationEmailRequested, PasswordResetRequested } from '../../contracts/identity.events.js';
import { EMAIL_LINK_PER_ACCOUNT, EMAIL_LINK_PER_IP } from '../../domain/auth-rate-limits.js';

export const emailLinkRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')) });

type LinkRequested = (PasswordResetRequested | ConfirmationEmailRequested)['type'];

export class RequestEmailLink extends Command<void> {
  constructor(
    readonly email: string,
    readonly type: LinkRequested,
    readonly client: { readonly ip: string; readonly requestId: string },
  ) {
    super();
  }
}

/**
 * Someone asks for a mailed link (password reset, or a new confirmation): the mail limits per
 * address and per account apply, and the event that sends the mail is recorded only for an
 * enabled account that needs it (a confirmation only while unconfirmed). The caller answers
 * alike either way, so nobody learns who has an account.
 */
@CommandHandler(RequestEmailLink)
export class RequestEmailLinkHandler implements ICommandHandler<RequestEmailLink, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async execute({ email, type, client }: RequestEmailLink): Promise<void> {
    await enforce(this.limiter, [
      { rule: EMAIL_LINK_PER_IP, subject: client.ip },
      { rule: EMAIL_LINK_PER_ACCOUNT, subject: email },
    ]);
    const onlyUnconfirmed = type === 'ConfirmationEmailRequested' ? ' AND email_confirmed_at IS NULL' : '';
    const { rows } = await this.pool.query<{ id: string }>(`SELECT id FROM users WHERE email = $1 AND disabled_at IS NULL${onlyUnconfirmed}`, [email]);
    const account = rows[0];
    if (account) await recordAccountEvent(this.pool, account.id, accountEvent(type, { userId: account.id, email }, account.id, client.requestId));
  }
}
