import { Body, Controller, Get, HttpCode, Inject, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { TIERS } from '../contracts/campaign-events.js';
import { SetLeadPrice } from './set-lead-price/set-lead-price.handler.js';

/** Sources sold lead by lead; aged leads are sold in packages at the spec's package prices. */
const PRICED_SOURCES = ['data_leads', 'smm_leads'] as const;

const priceRequest = z.object({
  priceCents: z
    .number({ message: 'Price must be a number of cents' })
    .int('Price must be whole cents')
    .min(1, 'Price must be at least 1 cent')
    .max(100_000, 'Price must be at most $1,000'),
});

/** The price table of leads per source and tier (admins); a lead's price is fixed when it is offered. */
@ApiTags('admin')
@Controller('api/admin/lead-prices')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class LeadPricesAdminController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every source and tier with its price per lead (cents), and who set it when.' })
  async list() {
    const { rows } = await this.pool.query<{ source: string; tier: string; priceCents: number; updatedAt: string | null }>(
      `SELECT source, tier, price_cents AS "priceCents", updated_at AS "updatedAt" FROM lead_prices`,
    );
    const prices = PRICED_SOURCES.flatMap((source) =>
      TIERS[source].map((tier) => rows.find((row) => row.source === source && row.tier === tier) ?? { source, tier, priceCents: null, updatedAt: null }),
    );
    return { prices };
  }

  @Put(':source/:tier')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets the price per lead of a source and tier, from now on.' })
  async set(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('source') source: string,
    @Param('tier') tier: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    const known = (PRICED_SOURCES as readonly string[]).includes(source) && TIERS[source as (typeof PRICED_SOURCES)[number]].includes(tier);
    if (!known) throw new ApiError(404, 'NOT_FOUND', 'No such source and tier.');
    const { priceCents } = validate(priceRequest, body);
    await this.commands.execute(new SetLeadPrice(source, tier, priceCents, userRequestContext(admin.userId, String(request.id))));
    return { source, tier, priceCents };
  }
}
