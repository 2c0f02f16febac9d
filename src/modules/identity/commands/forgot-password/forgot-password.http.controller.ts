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

const forgotRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')) });

/** The same answer whether or not the address has an account: the reset flow tells a stranger nothing. */
const ANSWER = { message: "If this address has an account, we've sent it a password reset link." };

@ApiTags('auth')
@Controller('api/auth')
export class ForgotPasswordController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('forgot-password')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mails a one-hour password reset link to the address, if it has an account.' })
  async forgot(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(forgotRequest, body);
    await enforce(this.limiter, [
      { rule: EMAIL_LINK_PER_IP, subject: request.ip },
      { rule: EMAIL_LINK_PER_ACCOUNT, subject: email },
    ]);
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1 AND disabled_at IS NULL', [email]);
    const account = rows[0];
    if (account) await recordAccountEvent(this.pool, account.id, accountEvent('PasswordResetRequested', { userId: account.id, email }, account.id, String(request.id)));
    return ANSWER;
  }
}
