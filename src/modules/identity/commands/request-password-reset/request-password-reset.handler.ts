import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { requestEmailLink } from '../../services/email-link.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

/** Mails a password reset link to the address when it has an enabled account (see `requestEmailLink`). */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async execute({ input, context }: RequestPasswordReset): Promise<void> {
    await requestEmailLink(this.pool, this.limiter, 'PasswordResetRequested', input.email, context);
  }
}
