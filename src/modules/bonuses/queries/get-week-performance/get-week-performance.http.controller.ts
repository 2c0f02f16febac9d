import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { BonusesConfig } from '../../bonuses.config.js';
import { bonusWeekOf } from '../../domain/bonus-week.js';
import { agentBonusSettingsOf } from '../../services/bonus-agents.js';
import { weekPerformanceOf } from './week-performance.query.js';

@ApiTags('bonuses')
@Controller('api/bonuses/week-performance')
@UseGuards(SessionGuard)
export class GetWeekPerformanceController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Pick<BonusesConfig, 'marketplaceService' | 'marketplacePollMs'>,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The signed-in agent’s week so far as the marketplace service reports it (submitted, issued, base bonus, data-leads match limit, LIP deposit made, engaged), with when it was recorded; zero figures and flags No, with the reason, when there are none (no agent number, service not set up or failing).',
  })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const week = bonusWeekOf(new Date());
    const settings = await agentBonusSettingsOf(this.pool, user.userId);
    const performance = await weekPerformanceOf(this.pool, user.userId, week);
    return {
      week,
      agentNumber: settings?.agentNumber ?? null,
      serviceConfigured: this.config.marketplaceService !== null,
      pollMinutes: Math.round(this.config.marketplacePollMs / 60_000),
      ...performance,
    };
  }
}
