import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { activeUserIdByEmail } from '../../../identity/contracts/user-directory.js';
import { US_STATES } from '../../contracts/us-states.js';
import { agedPriceOf } from '../../domain/aged-packages.js';
import { orderIdOf } from '../../services/lead-orders.js';
import { PlaceLeadOrder, type LeadOrderAnswer } from './place-lead-order.command.js';

export const INQUIRY_MAX_QUANTITY = 70_000;
/** The InQuery tiers and the aged-inventory tier each buys. */
const TIER_OF = { aged: 'basic', jgsheet: 'jgs_leads' } as const;

const QUANTITY = 'Quantity must be a whole number from 1 to 70,000';
const inquiryRequest = z.object({
  agentEmail: z
    .string({ message: 'Agent e-mail is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Agent e-mail is required')
    .pipe(z.email('Agent e-mail must be an e-mail address')),
  quantity: z.number({ message: QUANTITY }).int(QUANTITY).min(1, QUANTITY).max(INQUIRY_MAX_QUANTITY, QUANTITY),
  tier: z.enum(['aged', 'jgsheet'], { message: 'Tier must be aged or jgsheet' }),
  states: z
    .array(
      z
        .string({ message: 'States are two-letter US state codes' })
        .trim()
        .toUpperCase()
        .refine((value) => (US_STATES as readonly string[]).includes(value), 'States are two-letter US state codes'),
      { message: 'States are a list of two-letter US state codes' },
    )
    .max(60, 'Choose at most 60 states')
    .default([]),
  transactionId: z
    .string({ message: 'Transaction id is required' })
    .trim()
    .min(1, 'Transaction id is required')
    .max(255, 'Transaction id is at most 255 characters'),
  acceptPartial: z.boolean({ message: 'acceptPartial must be true or false' }).default(false),
});

/**
 * The testing page's purchase-inquery-aged-leads: an admin buys aged leads for an agent (named
 * by e-mail) from the aged inventory, charged to that agent's wallet with the admin recorded
 * as the actor. The external transaction id is the order's key: the same order again answers
 * the first answer and buys nothing; another order under the same id is 409.
 */
@ApiTags('admin')
@Controller('api/admin/aged-leads')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class InquiryAgedPurchaseController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('inquiry-purchase')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Buys aged leads (quantity 1-70,000, tier aged or jgsheet, states) for the agent with agentEmail, charged to the agent's wallet: 201 {success, orderId, quantity, priceCents}; a repeat of transactionId answers the same; 409 AGED_PARTIAL when fewer match (acceptPartial: true buys those); 422 with the missing amount.",
  })
  async purchase(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(inquiryRequest, body);
    const agentId = await activeUserIdByEmail(this.pool, input.agentEmail);
    if (!agentId) throw new ValidationFailed([{ field: 'agentEmail', message: 'No agent has this e-mail address' }]);
    const answer = await idempotent(this.pool, { scope: 'inquiry-aged-purchase', key: input.transactionId, payload: input }, async () => {
      const order = {
        orderId: orderIdOf('inquiry-aged-order', input.transactionId),
        ownerId: agentId,
        kind: 'aged' as const,
        tier: TIER_OF[input.tier],
        states: input.states,
        city: null,
        campaign: null,
        acceptPartial: input.acceptPartial,
        ...agedPriceOf(input.quantity),
      };
      const result: LeadOrderAnswer = await this.commands.execute(new PlaceLeadOrder(order, requestContextOf(request, { type: 'user', id: admin.userId })));
      return { status: 201, body: { success: true, ...result, agentEmail: input.agentEmail, tier: input.tier, transactionId: input.transactionId } };
    });
    return answer.body;
  }
}
