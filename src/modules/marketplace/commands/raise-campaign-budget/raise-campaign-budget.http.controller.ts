import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
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
import { BUDGET_CHANGE_MESSAGE, isWholeDollars } from '../../domain/campaign.decider.js';
import { campaignIdParam, ownCampaign } from '../../services/campaign-requests.js';
import { LowerCampaignBudget } from '../lower-campaign-budget/lower-campaign-budget.command.js';
import { RaiseCampaignBudget, type RaiseCampaignBudgetAnswer } from './raise-campaign-budget.command.js';

const budgetRequest = z.object({
  changeCents: z
    .number({ message: 'changeCents must be a number of cents' })
    .int('changeCents must be whole cents')
    .refine((value) => value !== 0, 'changeCents cannot be 0'),
});

const notWholeDollars = () => new ApiError(400, 'BUDGET_WHOLE_DOLLARS', BUDGET_CHANGE_MESSAGE, [{ field: 'changeCents', message: BUDGET_CHANGE_MESSAGE }]);

/** One route for a budget change: a positive change raises (RaiseCampaignBudget), a negative one lowers (LowerCampaignBudget). */
@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class ChangeCampaignBudgetController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':id/budget')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Raises (changeCents > 0) or lowers (changeCents < 0) a campaign’s budget, in whole dollars (Idempotency-Key required): 200 {status: raised} once the wallet holds it, or {status: lowered}; 422 BUDGET_RAISE_REFUSED with the wallet’s reason; {status: raise requested} when the wallet has not answered within 10 s (the outcome then shows on the campaign).',
  })
  async changeBudget(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const campaignId = validate(campaignIdParam, id, 'id');
    const { changeCents } = validate(budgetRequest, body);
    if (!isWholeDollars(Math.abs(changeCents))) throw notWholeDollars();
    const context = requestContextOf(request, { type: 'user', id: user.userId });
    const answer = await ownCampaign(this.moduleRef, request, user.userId, () =>
      idempotent(this.pool, { scope: user.userId, key, payload: { route: 'campaign-budget', campaignId, changeCents } }, async () => {
        if (changeCents > 0) {
          const raise: RaiseCampaignBudgetAnswer = await this.commands.execute(
            new RaiseCampaignBudget({ campaignId, ownerId: user.userId, requestId: key, amountCents: changeCents }, context, key),
          );
          return { status: 200, body: { campaignId, status: raise.status === 'raised' ? 'raised' : 'raise requested' } };
        }
        await this.commands.execute(new LowerCampaignBudget({ campaignId, ownerId: user.userId, amountCents: -changeCents }, context, key));
        return { status: 200, body: { campaignId, status: 'lowered' } };
      }),
    );
    return answer.body;
  }
}
