import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { campaignIdParam, ownCampaign } from '../../services/campaign-requests.js';
import { ResumeCampaign } from '../resume-campaign/resume-campaign.command.js';
import { PauseCampaign } from './pause-campaign.command.js';

const activeRequest = z.object({ active: z.boolean({ message: 'active must be true or false' }) });

/** The Active/Paused switch: one route that pauses (PauseCampaign) or resumes (ResumeCampaign). */
@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class SetCampaignActiveController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':id/active')
  @HttpCode(200)
  @ApiOperation({ summary: 'The Active/Paused switch of one of the signed-in agent’s campaigns.' })
  async setActive(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    const { active } = validate(activeRequest, body);
    const input = { campaignId, ownerId: user.userId };
    const context = requestContextOf(request, { type: 'user', id: user.userId });
    await ownCampaign(this.moduleRef, request, user.userId, () =>
      this.commands.execute(active ? new ResumeCampaign(input, context, `${request.id}`) : new PauseCampaign(input, context, `${request.id}`)),
    );
    return { campaignId, active };
  }
}
