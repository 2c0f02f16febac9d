import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { listAccessCodes } from './list-access-codes.query.js';

@ApiTags('admin')
@Controller('api/admin/access-codes')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListAccessCodesController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'Every access code with its uses; never the codes themselves.' })
  async list() {
    return { codes: await listAccessCodes(this.pool) };
  }
}
