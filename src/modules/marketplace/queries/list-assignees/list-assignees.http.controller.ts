import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { assigneesOf } from './list-assignees.query.js';

@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class ListAssigneesController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('assignees')
  @ApiOperation({ summary: 'Whom the signed-in agent can give leads to: the members of their groups, each once, by name.' })
  async assignees(@CurrentUser() user: AuthenticatedUser) {
    return { assignees: await assigneesOf(this.pool, user.userId) };
  }
}
