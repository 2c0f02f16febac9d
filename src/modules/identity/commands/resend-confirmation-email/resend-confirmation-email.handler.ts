import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { requestEmailLink } from '../../services/email-link.js';
import { ResendConfirmationEmail } from './resend-confirmation-email.command.js';

/** Mails a new confirmation link when the address has an enabled account not confirmed yet (see `requestEmailLink`). */
@CommandHandler(ResendConfirmationEmail)
export class ResendConfirmationEmailHandler implements ICommandHandler<ResendConfirmationEmail, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async execute({ input, context }: ResendConfirmationEmail): Promise<void> {
    await requestEmailLink(this.pool, this.limiter, 'ConfirmationEmailRequested', input.email, context);
  }
}
