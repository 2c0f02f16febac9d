import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { MAX_NAME_LENGTH } from '../../domain/campaign.decider.js';
import { campaignIdParam, ownCampaign, targetingRequest } from '../../services/campaign-requests.js';
import { ChangeCampaignSettings } from './change-campaign-settings.command.js';

const settingsRequest = z.object({
  name: z.string({ message: 'Please enter a campaign name' }).max(MAX_NAME_LENGTH, `A campaign name can be at most ${MAX_NAME_LENGTH} characters.`),
  targeting: targetingRequest,
});

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class ChangeCampaignSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Put(':id/settings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Renames a campaign and sets its targeting: states, daily and weekly caps, and a weekly schedule of days and hours in the owner’s time zone (chosen on their profile, else ORG_TIME_ZONE; the answer’s targeting.timeZone names it).',
  })
  async changeSettings(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    const input = validate(settingsRequest, body);
    return ownCampaign(this.moduleRef, request, user.userId, () =>
      this.commands.execute(
        new ChangeCampaignSettings(
          { campaignId, ownerId: user.userId, name: input.name, targeting: input.targeting },
          requestContextOf(request, { type: 'user', id: user.userId }),
          `${request.id}`,
        ),
      ),
    );
  }
}
