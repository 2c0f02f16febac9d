import { Controller, Get, Header, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { toCsv } from '../../../../platform/csv/csv.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { groupMembershipsOf, groupsOf } from './list-groups.query.js';

/** /groups: the signed-in agent's groups. */
@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class ListGroupsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's groups with their member counts, by name." })
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { groups: await groupsOf(this.pool, user.userId) };
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="groups.csv"')
  @ApiOperation({
    summary: "All the agent's groups and their members as CSV (group name, member name, member email); a group without members has one row with its name only.",
  })
  async exportAll(@CurrentUser() user: AuthenticatedUser) {
    const rows = await groupMembershipsOf(this.pool, user.userId);
    return toCsv(
      ['group name', 'member name', 'member email'],
      rows.map((row) => [row.group, row.name, row.email]),
    );
  }
}
