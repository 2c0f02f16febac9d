import { Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimit, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { TestSendLead } from './test-send-lead.command.js';

const uuid = (what: string) => z.uuid(`No such ${what}.`);
/** Test-sends reach outside addresses the agent typed: a few a minute is plenty for checking a setup. */
const TEST_SENDS: RateLimit = { name: 'integration-test-send', limit: 10, windowSeconds: 60 };

@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class TestSendLeadController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('integration-connections/:integrationId/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a sample lead to the integration now and answers what it said (logged as a test; 10 a minute).' })
  async test(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Req() request: FastifyRequest) {
    const integrationId = validate(uuid('integration'), rawId, 'integrationId');
    await enforce(this.limiter, [{ rule: TEST_SENDS, subject: user.userId }]);
    return this.commands.execute(new TestSendLead({ integrationId }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}
