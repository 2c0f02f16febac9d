import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { requestEmailLink } from '../email-link-request.js';

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
    await requestEmailLink(this.pool, this.limiter, request, body, 'PasswordResetRequested');
    return ANSWER;
  }
}
