import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { idempotencyKeyOf, idempotent } from '../../../platform/http/idempotency.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { TIERS } from '../contracts/campaign-events.js';
import { AGED_PACKAGE_MESSAGE, AGED_PACKAGES, packageOf, packagePrice, perLeadCents } from '../domain/aged-packages.js';
import { orderIdOf, PlaceLeadOrder } from './place-lead-order/place-lead-order.handler.js';

const states = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'States are two-letter codes'),
  )
  .max(60, 'Choose at most 60 states');
const orderRequest = z.object({
  // No package chosen is the handler's refusal, in the spec's words.
  quantity: z
    .number({ message: AGED_PACKAGE_MESSAGE })
    .nullish()
    .transform((value) => value ?? 0),
  tier: z.enum(TIERS.aged_leads as [string, ...string[]], { message: 'Please select a source and tier' }),
  states: states.default([]),
  acceptPartial: z.boolean({ message: 'acceptPartial must be true or false' }).default(false),
});
const availabilityQuery = z.object({
  tier: z.enum(TIERS.aged_leads as [string, ...string[]], { message: 'Please select a source and tier' }),
  states: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((s) => s.trim().toUpperCase()) : []))
    .pipe(states),
});

/** Aged-lead packages: what is available, and buying one (purchase_leads for aged leads). */
@ApiTags('leads')
@Controller('api/aged-orders')
@UseGuards(SessionGuard)
export class AgedOrdersController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get('availability')
  @ApiOperation({ summary: 'How many aged leads of a tier (and states, comma-separated) are for sale, and each package with its price and what it would get.' })
  async availability(@Query() raw: unknown) {
    const query = validate(availabilityQuery, raw);
    const { rows } = await this.pool.query<{ available: number }>(
      `SELECT count(*)::int AS available FROM aged_inventory WHERE order_id IS NULL AND kind = 'aged' AND tier = $1 AND (cardinality($2::text[]) = 0 OR state = ANY($2::text[]))`,
      [query.tier, query.states],
    );
    const available = rows[0]!.available;
    return {
      tier: query.tier,
      states: query.states,
      available,
      packages: AGED_PACKAGES.map((pack) => ({ ...pack, perLeadCents: perLeadCents(pack), whole: available >= pack.quantity })),
    };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Buys an aged-lead package, charged at once: 201 {orderId, quantity, priceCents}; 409 AGED_PARTIAL with what is available and its price when fewer match (send acceptPartial: true to buy those); 422 with the missing amount (Idempotency-Key required).',
  })
  async order(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(orderRequest, body);
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'aged-order', ...input } }, async () => {
      const pack = packageOf(input.quantity);
      if (!pack) throw new DomainError('AGED_PACKAGE_REQUIRED', AGED_PACKAGE_MESSAGE, 400);
      const order = {
        orderId: orderIdOf('aged-order', user.userId, key),
        ownerId: user.userId,
        kind: 'aged' as const,
        tier: input.tier,
        states: input.states,
        city: null,
        campaign: null,
        acceptPartial: input.acceptPartial,
      };
      const result = await this.commands.execute(new PlaceLeadOrder({ ...order, ...packagePrice(pack) }, userRequestContext(user.userId, String(request.id))));
      return { status: 201, body: result };
    });
    return answer.body;
  }
}
