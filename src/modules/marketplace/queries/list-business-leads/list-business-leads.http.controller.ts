import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { businessLeadsOf } from './list-business-leads.query.js';

/** The testing page's get-my-business-leads. */
@ApiTags('leads')
@Controller('api/business-leads')
@UseGuards(SessionGuard)
export class ListBusinessLeadsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary: "The signed-in agent's business leads, newest first (at most 1,000): company, city, state, lead source, the contact, the campaign and the price.",
  })
  async mine(@CurrentUser() user: AuthenticatedUser) {
    return { success: true, leads: await businessLeadsOf(this.pool, user.userId) };
  }
}
