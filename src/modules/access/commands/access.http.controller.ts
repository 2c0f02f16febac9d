import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { isWorkAccount } from '../../../platform/auth/work-account.js';
import type { AppConfig } from '../../../platform/config/config.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, EVENT_STORE, RATE_LIMITER } from '../../../platform/tokens.js';
import { elevatedAccessUntil } from '../contracts/elevated-access.js';
import { RevokeElevatedAccess } from './revoke-elevated-access/revoke-elevated-access.command.js';
import { VerifyAccessCode } from './verify-access-code/verify-access-code.command.js';

const verifyRequest = z.object({ code: z.string().trim().min(1, 'Please enter an access code').max(100, 'Invalid access code') });
const VERIFY_PER_IP = { name: 'access-code-ip', limit: 30, windowSeconds: 15 * 60 };

@ApiTags('access')
@Controller('api/access')
@UseGuards(SessionGuard)
export class AccessController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
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

  @Get('status')
  @ApiOperation({ summary: 'Whether the signed-in user has full access through a work account, or elevated access from a code.' })
  async status(@CurrentUser() user: AuthenticatedUser) {
    const until = await elevatedAccessUntil(this.store, user.userId);
    return { isMicrosoftUser: isWorkAccount(user, this.config.staffEmailDomain), hasElevatedAccess: until !== null, expiresAt: until?.toISOString() ?? null };
  }

  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the signed-in user’s elevated access now.' })
  async revoke(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    await this.commands.execute(new RevokeElevatedAccess({ userId: user.userId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}
