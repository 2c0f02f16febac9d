import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { ownCampaignView } from '../get-campaign/own-campaign-view.js';
import { leadsPerDay } from '../leads-per-day.js';
import { latestOffers } from './get-campaign-activity.query.js';

const LATEST_OFFERS = 50;

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class GetCampaignActivityController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Get(':id/activity')
  @ApiOperation({
    summary:
      'A campaign\'s leads and spend per day for the last 30 days (days of the agent’s time zone: chosen on the profile, else ORG_TIME_ZONE), and "why no leads?": the latest 50 leads of its source and tier since it started, each bought or with the reason it was not (state, schedule, paused, daily_cap, weekly_cap, budget, already_owned, sold_out).',
  })
  async activity(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const { campaignId } = await ownCampaignView(this.pool, this.moduleRef, request, user.userId, id);
    const [perDay, offers] = await Promise.all([
      leadsPerDay(this.pool, { campaignId }, await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone)),
      latestOffers(this.pool, campaignId, LATEST_OFFERS),
    ]);
    return { perDay, offers };
  }
}
