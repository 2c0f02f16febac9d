import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { myLeadReturns } from './list-my-lead-returns.query.js';

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class ListMyLeadReturnsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('leads/returns')
  @ApiOperation({ summary: "The signed-in agent's returns with their status and, when denied, why." })
  async mine(@CurrentUser() user: AuthenticatedUser) {
    return { returns: await myLeadReturns(this.pool, user.userId) };
  }
}
