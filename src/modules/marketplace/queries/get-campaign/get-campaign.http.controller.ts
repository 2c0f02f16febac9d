import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ownCampaignView } from './own-campaign-view.js';

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class GetCampaignController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: "One of the signed-in agent's campaigns." })
  one(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    return ownCampaignView(this.pool, this.moduleRef, request, user.userId, id);
  }
}
