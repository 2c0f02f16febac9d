import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { accountEvent, recordAccountEvent } from '../../account-events.js';

const resendRequest = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')) });

/** The same answer whether or not the address has an account: nobody learns who signed up. */
const ANSWER = { message: 'If this address has an account waiting for confirmation, we have sent a new link.' };

@ApiTags('auth')
@Controller('api/auth')
export class ResendConfirmationController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Post('resend-confirmation')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a new confirmation link to an account that is not confirmed yet.' })
  async resend(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(resendRequest, body);
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1 AND email_confirmed_at IS NULL AND disabled_at IS NULL', [email]);
    const account = rows[0];
    if (account) await recordAccountEvent(this.pool, account.id, accountEvent('ConfirmationEmailRequested', { userId: account.id, email }, account.id, String(request.id)));
    return ANSWER;
  }
}
