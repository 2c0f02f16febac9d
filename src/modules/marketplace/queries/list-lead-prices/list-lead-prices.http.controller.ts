import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadPrices } from './list-lead-prices.query.js';

/** The price table as buyers see it: what a lead of each source and tier costs now. */
@ApiTags('leads')
@Controller('api/lead-prices')
@UseGuards(SessionGuard)
export class ListLeadPricesForBuyersController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'The price per lead (cents) of each source and tier sold by the piece, as a campaign or a purchase pays it now.' })
  async list() {
    return { prices: (await leadPrices(this.pool)).map(({ source, tier, priceCents }) => ({ source, tier, priceCents })) };
  }
}
