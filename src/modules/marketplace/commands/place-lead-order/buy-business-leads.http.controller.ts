import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { hasRole } from '../../../identity/contracts/user-directory.js';
import { US_STATES } from '../../contracts/us-states.js';
import { orderIdOf } from '../../services/lead-orders.js';
import { PlaceLeadOrder, type LeadOrderAnswer } from './place-lead-order.command.js';

/** The testing page's limits (spec section 5): 1 to 1,000 leads at $0.01 to $100 each. */
export const BUSINESS_MAX_QUANTITY = 1_000;
export const BUSINESS_MAX_PRICE_CENTS = 10_000;

const QUANTITY = 'Quantity must be a whole number from 1 to 1,000';
const PRICE = 'Price per lead must be whole cents from 1 ($0.01) to 10000 ($100.00)';
const STATE = 'State must be a two-letter US state code';

const purchaseRequest = z.object({
  quantity: z.number({ message: QUANTITY }).int(QUANTITY).min(1, QUANTITY).max(BUSINESS_MAX_QUANTITY, QUANTITY),
  pricePerLeadCents: z.number({ message: PRICE }).int(PRICE).min(1, PRICE).max(BUSINESS_MAX_PRICE_CENTS, PRICE).optional(),
  campaign: z.string({ message: 'Campaign name is required' }).trim().min(1, 'Campaign name is required').max(100, 'Campaign name is at most 100 characters'),
  filters: z
    .object(
      {
        state: z
          .string({ message: STATE })
          .trim()
          .toUpperCase()
          .nullish()
          .transform((value) => value || null)
          .refine((value) => value === null || (US_STATES as readonly string[]).includes(value), STATE),
        city: z
          .string({ message: 'City must be text' })
          .trim()
          .max(100, 'City is at most 100 characters')
          .nullish()
          .transform((value) => value || null),
      },
      { message: 'Filters are an object with state and city' },
    )
    .default({ state: null, city: null }),
  acceptPartial: z.boolean({ message: 'acceptPartial must be true or false' }).default(false),
});

/**
 * Buying business leads (the testing page's purchase-business-leads): by the piece from the
 * inventory, at the price table's price. The testing page is an admin's: only an admin may
 * name another price, and the wallet line says so.
 */
@ApiTags('leads')
@Controller('api/business-leads')
@UseGuards(SessionGuard)
export class BuyBusinessLeadsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('purchase')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Buys business leads (quantity 1-1,000, a campaign name, filters state and city) at the price table's price per lead, charged at once; an admin may name pricePerLeadCents (1-10,000) instead, anyone else gets 403 PRICE_SET_BY_ADMINS: 201 {success, orderId, quantity, priceCents, perLeadCents}; 409 BUSINESS_PARTIAL with what is available and its price when fewer match (send acceptPartial: true to buy those); 422 with the missing amount (Idempotency-Key required).",
  })
  async purchase(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(purchaseRequest, body);
    if (input.pricePerLeadCents !== undefined && !(await hasRole(this.pool, user.userId, ['admin'])))
      throw new ApiError(403, 'PRICE_SET_BY_ADMINS', 'Business leads are sold at the listed price: leave out pricePerLeadCents (only an admin may set one).');
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'business-leads', ...input } }, async () => {
      const order = {
        orderId: orderIdOf('business-order', user.userId, key),
        ownerId: user.userId,
        kind: 'business' as const,
        tier: null,
        states: input.filters.state ? [input.filters.state] : [],
        city: input.filters.city,
        campaign: input.campaign,
        quantity: input.quantity,
        acceptPartial: input.acceptPartial,
        ...(input.pricePerLeadCents === undefined
          ? { priceFrom: { source: 'business', tier: 'basic' } }
          : { priceCents: input.quantity * input.pricePerLeadCents, perLeadCents: input.pricePerLeadCents, adminPriced: true }),
      };
      const result: LeadOrderAnswer = await this.commands.execute(new PlaceLeadOrder(order, requestContextOf(request, { type: 'user', id: user.userId })));
      return { status: 201, body: { success: true, ...result, campaign: input.campaign } };
    });
    return answer.body;
  }
}
