import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { dashboardOf } from './get-dashboard.query.js';

/**
 * /dashboard (spec: Total Leads, This Week = the last 7 days, Avg Cost/Lead, Assigned) and the
 * charts where the old product said "Coming Soon": leads and spend per day, cost per lead by
 * campaign, and the return rate; all from the signed-in agent's own leads.
 */
@ApiTags('leads')
@Controller('api/dashboard')
@UseGuards(SessionGuard)
export class GetDashboardController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The signed-in agent's lead figures and the data of the dashboard's charts (cents; spend and cost per lead net of approved returns; the charts' days are the agent's time zone's: chosen on the profile, else ORG_TIME_ZONE).",
  })
  async get(@CurrentUser() user: AuthenticatedUser) {
    return dashboardOf(this.pool, user.userId, await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone));
  }
}
