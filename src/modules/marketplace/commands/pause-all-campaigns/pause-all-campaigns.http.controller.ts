import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { PauseAllCampaigns } from './pause-all-campaigns.command.js';

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class PauseAllCampaignsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('pause-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pauses every running campaign of the signed-in agent; answers how many were paused (Idempotency-Key required).' })
  async pauseAll(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    return this.commands.execute(new PauseAllCampaigns({ ownerId: user.userId }, requestContextOf(request, { type: 'user', id: user.userId }), key));
  }
}
