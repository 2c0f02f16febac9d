import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { campaignsOf } from './list-campaigns.query.js';

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class ListCampaignsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's campaigns, newest first, with budget, spend and leads bought (cents)." })
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { campaigns: await campaignsOf(this.pool, user.userId) };
  }
}
