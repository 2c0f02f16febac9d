import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { AGED_PACKAGE_MESSAGE, packageOf, packagePrice } from '../../domain/aged-packages.js';
import { agedStates, agedTier } from '../../services/aged-order-requests.js';
import { orderIdOf } from '../../services/lead-orders.js';
import { PlaceLeadOrder } from './place-lead-order.command.js';

const orderRequest = z.object({
  // No package chosen is the handler's refusal, in the spec's words.
  quantity: z
    .number({ message: AGED_PACKAGE_MESSAGE })
    .nullish()
    .transform((value) => value ?? 0),
  tier: agedTier,
  states: agedStates.default([]),
  acceptPartial: z.boolean({ message: 'acceptPartial must be true or false' }).default(false),
});

/** Buying an aged-lead package (purchase_leads for aged leads). */
@ApiTags('leads')
@Controller('api/aged-orders')
@UseGuards(SessionGuard)
export class PlaceAgedOrderController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

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
      const result = await this.commands.execute(
        new PlaceLeadOrder({ ...order, ...packagePrice(pack) }, requestContextOf(request, { type: 'user', id: user.userId })),
      );
      return { status: 201, body: result };
    });
    return answer.body;
  }
}
