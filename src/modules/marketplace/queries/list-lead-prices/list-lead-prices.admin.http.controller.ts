import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadPrices } from './list-lead-prices.query.js';

@ApiTags('admin')
@Controller('api/admin/lead-prices')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListLeadPricesController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'Every source and tier with its price per lead (cents), and who set it when.' })
  async list() {
    return { prices: await leadPrices(this.pool) };
  }
}
