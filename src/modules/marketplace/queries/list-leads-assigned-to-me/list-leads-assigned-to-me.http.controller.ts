import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadsAssignedTo } from './list-leads-assigned-to-me.query.js';

@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class ListLeadsAssignedToMeController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('assigned-to-me')
  @ApiOperation({ summary: 'The leads other agents gave the signed-in agent, newest first (at most 500).' })
  async assignedToMe(@CurrentUser() user: AuthenticatedUser) {
    return { leads: await leadsAssignedTo(this.pool, user.userId) };
  }
}
