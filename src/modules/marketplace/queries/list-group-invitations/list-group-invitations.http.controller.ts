import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { invitationsTo } from './list-group-invitations.query.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class ListGroupInvitationsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('invitations')
  @ApiOperation({ summary: 'The invitations to other agents’ groups waiting for the signed-in user’s answer (accept or decline).' })
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { invitations: await invitationsTo(this.pool, user.userId, user.email) };
  }
}
