import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { latestAgedImports } from '../get-aged-import/get-aged-import.query.js';

const LATEST = 10;

/** The latest aged-lead CSV imports, so an admin who comes back finds the one still running (admins). */
@ApiTags('admin')
@Controller('api/admin/aged-leads/imports')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListAgedImportsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: `The latest ${LATEST} aged-lead imports, newest first: status, rows, rowsDone, imported, duplicateCount, rejected.` })
  async list() {
    return { imports: await latestAgedImports(this.pool, LATEST) };
  }
}
