import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { membershipsOf } from './list-group-memberships.query.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class ListGroupMembershipsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('memberships')
  @ApiOperation({ summary: 'The other agents’ groups the signed-in user joined (and can leave).' })
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { memberships: await membershipsOf(this.pool, user.userId) };
  }
}
