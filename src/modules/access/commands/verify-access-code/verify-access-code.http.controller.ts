import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { VerifyAccessCode } from './verify-access-code.command.js';

const verifyRequest = z.object({ code: z.string().trim().min(1, 'Please enter an access code').max(100, 'Invalid access code') });
const VERIFY_PER_IP = { name: 'access-code-ip', limit: 30, windowSeconds: 15 * 60 };

/** The signed-in agent types an access code; each address is limited too, whoever is signed in. */
@ApiTags('access')
@Controller('api/access')
@UseGuards(SessionGuard)
export class VerifyAccessCodeController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks an access code; success grants elevated access until expiresAt. Failures answer remainingAttempts.' })
  async verify(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: VERIFY_PER_IP, subject: request.ip }]);
    const { code } = validate(verifyRequest, body);
    const { expiresAt } = await this.commands.execute(new VerifyAccessCode({ code }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true, expiresAt: expiresAt.toISOString() };
  }
}
