import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadVendors } from './list-lead-vendors.query.js';

/** The lead vendors that may post leads to POST /api/intake/leads (admins). */
@ApiTags('admin')
@Controller('api/admin/lead-vendors')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListLeadVendorsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary: 'Every lead vendor with its key’s first characters, when it was revoked, how many leads it posted and when the last came (never the keys).',
  })
  async list() {
    return { vendors: await leadVendors(this.pool) };
  }
}
