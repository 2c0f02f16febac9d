import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { activeAdmins } from '../../../identity/contracts/user-directory.js';

@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListTicketAssigneesController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('assignees')
  @ApiOperation({ summary: 'The admins a help request can be assigned to: id, e-mail and display name.' })
  async list() {
    return { assignees: await activeAdmins(this.pool) };
  }
}
