import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { EMAIL_LINK_PER_ACCOUNT, EMAIL_LINK_PER_IP } from '../../domain/auth-rate-limits.js';
import { accountEvent, recordAccountEvent } from '../../account-events.js';

const resendRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')) });

/** The same answer whether or not the address has an account: nobody learns who signed up. */
const ANSWER = { message: 'If this address has an account waiting for confirmation, we have sent a new link.' };

@ApiTags('auth')
@Controller('api/auth')
export class ResendConfirmationController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('resend-confirmation')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a new confirmation link to an account that is not confirmed yet.' })
  async resend(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(resendRequest, body);
    await enforce(this.limiter, [
      { rule: EMAIL_LINK_PER_IP, subject: request.ip },
      { rule: EMAIL_LINK_PER_ACCOUNT, subject: email },
    ]);
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1 AND email_confirmed_at IS NULL AND disabled_at IS NULL', [email]);
    const account = rows[0];
    if (account) await recordAccountEvent(this.pool, account.id, accountEvent('ConfirmationEmailRequested', { userId: account.id, email }, account.id, String(request.id)));
    return ANSWER;
  }
}
