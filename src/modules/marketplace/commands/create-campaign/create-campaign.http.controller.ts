import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import { CAMPAIGN_SOURCES } from '../../contracts/campaign-events.js';
import { DATA_LEADS_MESSAGE, MAX_NAME_LENGTH, SOURCE_AND_TIER_MESSAGE } from '../../domain/campaign.decider.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { targetingFor, targetingRequest } from '../../services/campaign-requests.js';
import { CreateCampaign } from './create-campaign.command.js';

const createRequest = z.object({
  name: z.string({ message: DATA_LEADS_MESSAGE }).max(MAX_NAME_LENGTH, `A campaign name can be at most ${MAX_NAME_LENGTH} characters.`),
  source: z.enum(CAMPAIGN_SOURCES, { message: SOURCE_AND_TIER_MESSAGE }),
  tier: z.string({ message: SOURCE_AND_TIER_MESSAGE }),
  budgetCents: z.number({ message: DATA_LEADS_MESSAGE }),
  targeting: targetingRequest,
});

/** A campaign's id from its owner and the request's key: the same request again names the same campaign. */
const campaignIdOf = (ownerId: string, key: string) => deterministicUuid('v4', 'campaign', ownerId, key);

@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class CreateCampaignController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'create_campaign: a Data Leads campaign whose budget (whole dollars, at least $1) is held on the wallet; answers {campaignId, status: active} once held, 422 with the spec’s insufficient-balance words, or status funding when the hold takes longer (Idempotency-Key required).',
  })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const input = validate(createRequest, body);
    // Before the key is claimed: a group that is not the agent's does not use the key up.
    // The campaign's buying hours and caps count in its owner's zone, stored with it (allocation decides in that zone).
    const targeting = await targetingFor(this.pool, user.userId, input.targeting, await agentTimeZone(this.pool, user.userId, this.config.orgTimeZone));
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload: { route: 'create-campaign', ...input } }, async () => {
      const campaignId = campaignIdOf(user.userId, key);
      const result = await this.commands.execute(
        new CreateCampaign(
          { campaignId, ownerId: user.userId, name: input.name, source: input.source, tier: input.tier, budgetCents: input.budgetCents, targeting },
          requestContextOf(request, { type: 'user', id: user.userId }),
          key,
        ),
      );
      return { status: 201, body: result };
    });
    return answer.body;
  }
}
