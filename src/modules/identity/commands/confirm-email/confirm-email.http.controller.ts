import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';
import { hashToken } from '../../../../platform/auth/session-store.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { TOKEN_USE_PER_IP } from '../../domain/auth-rate-limits.js';

const confirmRequest = z.object({ token: z.string().min(20, 'This confirmation link is not complete.').max(200) });

@ApiTags('auth')
@Controller('api/auth')
export class ConfirmEmailController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('confirm-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the e-mail address of an account with the token from its confirmation link.' })
  async confirm(@Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: TOKEN_USE_PER_IP, subject: request.ip }]);
    const { token } = validate(confirmRequest, body);
    const { rows } = await this.pool.query<{ user_id: string }>(
      `WITH used AS (
         UPDATE email_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'confirm-email' AND used_at IS NULL AND expires_at > now()
          RETURNING user_id)
       UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = (SELECT user_id FROM used) RETURNING id AS user_id`,
      [hashToken(token)],
    );
    if (!rows[0]) throw new ApiError(400, 'CONFIRMATION_LINK_INVALID', 'This confirmation link has expired or was already used. Ask for a new one from the sign-in page.');
    return { message: 'Your email is confirmed. You can sign in now.' };
  }
}
