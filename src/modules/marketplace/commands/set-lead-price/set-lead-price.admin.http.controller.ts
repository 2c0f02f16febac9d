import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { TIERS } from '../../contracts/campaign-events.js';
import { PRICED_SOURCES } from '../../domain/priced-sources.js';
import { SetLeadPrice } from './set-lead-price.command.js';

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
export class SetLeadPriceController {
  constructor(private readonly commands: CommandBus) {}

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
    await this.commands.execute(new SetLeadPrice({ source, tier, priceCents }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { source, tier, priceCents };
  }
}
