import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { requestEmailLink } from '../email-link-request.js';

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
    await requestEmailLink(this.pool, this.limiter, request, body, 'ConfirmationEmailRequested');
    return ANSWER;
  }
}
