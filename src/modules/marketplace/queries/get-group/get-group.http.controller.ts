import { Controller, Get, Header, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { toCsv } from '../../../../platform/csv/csv.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { GROUP_NOT_YOURS, groupIdParam } from '../../services/group-requests.js';
import { groupOf, type GroupView } from './get-group.query.js';

/** One of the signed-in agent's groups; another agent's group is not found (and recorded). */
@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class GetGroupController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get(':groupId')
  @ApiOperation({ summary: 'One group with its members (name, e-mail, when added).' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest): Promise<GroupView> {
    const groupId = validate(groupIdParam, raw, 'groupId');
    return recordingNotYours(this.moduleRef, request, user.userId, GROUP_NOT_YOURS, async () => {
      const group = await groupOf(this.pool, user.userId, groupId);
      if (!group) throw new ApiError(404, 'GROUP_NOT_FOUND', 'No such group.');
      return group;
    });
  }

  @Get(':groupId/members.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: "A group's members as CSV (name, email), for import elsewhere or back here." })
  async exportCsv(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const { members } = await this.one(user, raw, request);
    return toCsv(
      ['name', 'email'],
      members.map((member) => [member.name, member.email]),
    );
  }
}
