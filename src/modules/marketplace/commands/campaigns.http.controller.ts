import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { idempotencyKeyOf, idempotent } from '../../../platform/http/idempotency.js';
import { validate } from '../../../platform/http/validate.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { CAMPAIGN_SOURCES, type Targeting } from '../contracts/campaign-events.js';
import { DATA_LEADS_MESSAGE, MAX_NAME_LENGTH, SOURCE_AND_TIER_MESSAGE } from '../domain/campaign.decider.js';
import { DecideCampaign } from './change-campaign/change-campaign.handler.js';
import { CreateCampaign } from './create-campaign/create-campaign.handler.js';
import { PauseAllCampaigns } from './pause-all-campaigns/pause-all-campaigns.handler.js';

const DEFAULT_TIME_ZONE = 'America/New_York';

const targetingInput = z
  .object({
    states: z.array(z.string().trim().toUpperCase()).max(60, 'Choose at most 60 states').default([]),
    dailyCap: z.number({ message: 'A lead cap is a whole number' }).nullable().default(null),
    weeklyCap: z.number({ message: 'A lead cap is a whole number' }).nullable().default(null),
    schedule: z
      .object({ days: z.array(z.number()).max(7), fromHour: z.number(), toHour: z.number() })
      .nullable()
      .default(null),
    roundRobinGroupId: z.uuid('No such group.').nullable().default(null),
  })
  .default({ states: [], dailyCap: null, weeklyCap: null, schedule: null, roundRobinGroupId: null });

const createRequest = z.object({
  name: z.string({ message: DATA_LEADS_MESSAGE }).max(MAX_NAME_LENGTH, `A campaign name can be at most ${MAX_NAME_LENGTH} characters.`),
  source: z.enum(CAMPAIGN_SOURCES, { message: SOURCE_AND_TIER_MESSAGE }),
  tier: z.string({ message: SOURCE_AND_TIER_MESSAGE }),
  budgetCents: z.number({ message: DATA_LEADS_MESSAGE }),
  targeting: targetingInput,
});
const settingsRequest = z.object({
  name: z.string({ message: 'Please enter a campaign name' }).max(MAX_NAME_LENGTH, `A campaign name can be at most ${MAX_NAME_LENGTH} characters.`),
  targeting: targetingInput,
});
const activeRequest = z.object({ active: z.boolean({ message: 'active must be true or false' }) });
const budgetRequest = z.object({
  changeCents: z
    .number({ message: 'changeCents must be a number of cents' })
    .int('changeCents must be whole cents')
    .refine((value) => value !== 0, 'changeCents cannot be 0'),
});
const campaignIdParam = z.uuid('No such campaign.');

/** A campaign's id from its owner and the request's key: the same request again names the same campaign. */
const campaignIdOf = (ownerId: string, key: string) => deterministicUuid('v4', 'campaign', ownerId, key);

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class CampaignsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Another agent's campaign (or a made-up id) is 404, recorded as an unauthorized access. */
  private ownCampaign<T>(user: AuthenticatedUser, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['CAMPAIGN_NOT_FOUND'], resource: 'campaign' }, work);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'create_campaign: a Data Leads campaign whose budget (whole dollars, at least $1) is held on the wallet; answers {campaignId, status: active} once held, 422 with the spec’s insufficient-balance words, or status funding when the hold takes longer (Idempotency-Key required).',
  })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(createRequest, body);
    const targeting: Targeting = { ...input.targeting, timeZone: await this.timeZoneOf(user.userId) };
    await this.requireOwnGroup(user.userId, targeting.roundRobinGroupId);
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'create-campaign', ...input } }, async () => {
      const campaignId = campaignIdOf(user.userId, key);
      const result = await this.commands.execute(
        new CreateCampaign(
          { campaignId, ownerId: user.userId, name: input.name, source: input.source, tier: input.tier, budgetCents: input.budgetCents, targeting },
          userRequestContext(user.userId, String(request.id)),
          key,
        ),
      );
      return { status: 201, body: result };
    });
    return answer.body;
  }

  @Post('pause-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pauses every running campaign of the signed-in agent; answers how many were paused (Idempotency-Key required).' })
  async pauseAll(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    return this.commands.execute(new PauseAllCampaigns(user.userId, userRequestContext(user.userId, String(request.id)), key));
  }

  @Post(':id/active')
  @HttpCode(200)
  @ApiOperation({ summary: 'The Active/Paused switch of one of the signed-in agent’s campaigns.' })
  async setActive(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    const { active } = validate(activeRequest, body);
    await this.ownCampaign(user, request, () =>
      this.commands.execute(
        new DecideCampaign(
          { type: 'SetActive', campaignId, ownerId: user.userId, active },
          userRequestContext(user.userId, String(request.id)),
          `${request.id}`,
        ),
      ),
    );
    return { campaignId, active };
  }

  @Post(':id/budget')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Raises (changeCents > 0, held on the wallet in a moment) or lowers (changeCents < 0, released at once) a campaign’s budget, in whole dollars (Idempotency-Key required).',
  })
  async changeBudget(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const campaignId = validate(campaignIdParam, id, 'id');
    const { changeCents } = validate(budgetRequest, body);
    const context = userRequestContext(user.userId, String(request.id));
    const answer = await this.ownCampaign(user, request, () =>
      idempotent(this.pool, { scope: user.userId, key, payload: { route: 'campaign-budget', campaignId, changeCents } }, async () => {
        if (changeCents > 0) {
          await this.commands.execute(
            new DecideCampaign({ type: 'RaiseBudget', campaignId, ownerId: user.userId, requestId: key, amountCents: changeCents }, context, key),
          );
          return { status: 200, body: { campaignId, status: 'raise requested' } };
        }
        const spentCents = await this.spentOf(campaignId);
        await this.commands.execute(
          new DecideCampaign({ type: 'LowerBudget', campaignId, ownerId: user.userId, amountCents: -changeCents, spentCents }, context, key),
        );
        return { status: 200, body: { campaignId, status: 'lowered' } };
      }),
    );
    return answer.body;
  }

  @Put(':id/settings')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Renames a campaign and sets its targeting: states, daily and weekly caps, and a weekly schedule of days and hours in the agent’s time zone.',
  })
  async changeSettings(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    const input = validate(settingsRequest, body);
    const targeting: Targeting = { ...input.targeting, timeZone: await this.timeZoneOf(user.userId) };
    await this.requireOwnGroup(user.userId, targeting.roundRobinGroupId);
    await this.ownCampaign(user, request, () =>
      this.commands.execute(
        new DecideCampaign(
          { type: 'ChangeSettings', campaignId, ownerId: user.userId, name: input.name, targeting },
          userRequestContext(user.userId, String(request.id)),
          `${request.id}`,
        ),
      ),
    );
    return { campaignId, name: input.name.trim(), targeting };
  }

  @Post(':id/end')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends one of the signed-in agent’s campaigns for good; what is left of its budget returns to the wallet.' })
  async end(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const campaignId = validate(campaignIdParam, id, 'id');
    await this.ownCampaign(user, request, () =>
      this.commands.execute(
        new DecideCampaign(
          { type: 'EndCampaign', campaignId, ownerId: user.userId, reason: 'Ended by its owner' },
          userRequestContext(user.userId, String(request.id)),
          `${request.id}`,
        ),
      ),
    );
    return { campaignId, status: 'ended' };
  }

  private async timeZoneOf(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ timezone: string | null }>('SELECT timezone FROM profiles WHERE user_id = $1', [userId]);
    return rows[0]?.timezone || DEFAULT_TIME_ZONE;
  }

  /** A campaign hands its leads round-robin only to a group of its owner's. */
  private async requireOwnGroup(ownerId: string, groupId: string | null | undefined): Promise<void> {
    if (!groupId) return;
    const { rowCount } = await this.pool.query('SELECT 1 FROM agent_groups WHERE group_id = $1 AND owner_id = $2', [groupId, ownerId]);
    if (!rowCount)
      throw new ApiError(400, 'GROUP_NOT_FOUND', 'Choose one of your groups to share the leads with.', [
        { field: 'targeting.roundRobinGroupId', message: 'Choose one of your groups to share the leads with.' },
      ]);
  }

  /** What the campaign's hold has captured (the wallet's read model): the budget cannot be lowered below it. */
  private async spentOf(campaignId: string): Promise<number> {
    const { rows } = await this.pool.query<{ captured_cents: string }>('SELECT captured_cents FROM rm_wallet_holds WHERE hold_id = $1', [campaignId]);
    return Number(rows[0]?.captured_cents ?? 0);
  }
}
