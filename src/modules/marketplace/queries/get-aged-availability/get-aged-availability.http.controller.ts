import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { AGED_PACKAGES, perLeadCents } from '../../domain/aged-packages.js';
import { agedStates, agedTier } from '../../services/aged-order-requests.js';
import { agedLeadsAvailable } from './get-aged-availability.query.js';

const availabilityQuery = z.object({
  tier: agedTier,
  states: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim().toUpperCase()) : []))
    .pipe(agedStates),
});

/** What aged-lead packages can buy now. */
@ApiTags('leads')
@Controller('api/aged-orders')
@UseGuards(SessionGuard)
export class GetAgedAvailabilityController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('availability')
  @ApiOperation({ summary: 'How many aged leads of a tier (and states, comma-separated) are for sale, and each package with its price and what it would get.' })
  async availability(@Query() raw: unknown) {
    const query = validate(availabilityQuery, raw);
    const available = await agedLeadsAvailable(this.pool, query.tier, query.states);
    return {
      tier: query.tier,
      states: query.states,
      available,
      packages: AGED_PACKAGES.map((pack) => ({ ...pack, perLeadCents: perLeadCents(pack), whole: available >= pack.quantity })),
    };
  }
}
