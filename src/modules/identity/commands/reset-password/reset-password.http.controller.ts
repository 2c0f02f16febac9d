import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { hashPassword } from '../../../../platform/auth/password-hasher.js';
import { hashToken } from '../../../../platform/auth/session-store.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { TOKEN_USE_PER_IP } from '../../domain/auth-rate-limits.js';
import { accountEvent } from '../../account-events.js';
import { accountStream } from '../../contracts/identity.events.js';
import { passwordProblem } from '../../domain/password-policy.js';

const resetRequest = z
  .object({
    token: z.string().min(20, 'This reset link is not complete.').max(200),
    password: z.string({ message: 'Password is required' }),
  })
  .superRefine((value, context) => {
    const problem = passwordProblem(value.password);
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

@ApiTags('auth')
@Controller('api/auth')
export class ResetPasswordController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the token from a reset link; ends every session of the account.' })
  async reset(@Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: TOKEN_USE_PER_IP, subject: request.ip }]);
    const { token, password } = validate(resetRequest, body);
    const passwordHash = await hashPassword(password);
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `UPDATE email_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'reset-password' AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
        [hashToken(token)],
      );
      const userId = rows[0]?.user_id;
      if (!userId) return null;
      // Opening the link proves the mailbox: an unconfirmed account is confirmed too.
      await tx.query('UPDATE users SET password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1', [userId, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      await tx.query(`UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset-password' AND used_at IS NULL`, [userId]);
      await recordInOutbox(tx, accountStream(userId), [accountEvent('PasswordChanged', { userId, via: 'reset-link' }, userId, String(request.id))]);
      return userId;
    });
    if (!changed) throw new ApiError(400, 'RESET_LINK_INVALID', 'This password reset link has expired or was already used. Please ask for a new one.');
    outboxCommitted();
    return { message: 'Password updated successfully' };
  }
}
