import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { campaignIdParam, ownCampaign } from '../../services/campaign-requests.js';
import { EndCampaign } from './end-campaign.command.js';

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class EndCampaignController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':id/end')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends one of the signed-in agent’s campaigns for good; what is left of its budget returns to the wallet.' })
  async end(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    await ownCampaign(this.moduleRef, request, user.userId, () =>
      this.commands.execute(
        new EndCampaign(
          { campaignId, ownerId: user.userId, reason: 'Ended by its owner' },
          requestContextOf(request, { type: 'user', id: user.userId }),
          `${request.id}`,
        ),
      ),
    );
    return { campaignId, status: 'ended' };
  }
}
