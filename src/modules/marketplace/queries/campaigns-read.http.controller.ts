import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { leadsPerDay } from './leads-per-day.js';

/** spentCents is what the campaign cost the agent (captures less approved returns); budgetUsedCents what its hold captured, for the budget left. */
const COLUMNS = `campaign_id AS "campaignId", name, source, tier, status, budget_cents::int AS "budgetCents", (spent_cents - returned_cents)::int AS "spentCents",
  spent_cents::int AS "budgetUsedCents", returned_cents::int AS "returnedCents", lead_count AS "leadCount", targeting, status_reason AS "statusReason", created_at AS "createdAt", updated_at AS "updatedAt"`;

const LATEST_OFFERS = 50;

/** The signed-in agent's campaigns, from the campaigns read model; another agent's campaign is not found. */
@ApiTags('campaigns')
@Controller('api/campaigns')
@UseGuards(SessionGuard)
export class CampaignsReadController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's campaigns, newest first, with budget, spend and leads bought (cents)." })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM rm_campaigns WHERE owner_id = $1 ORDER BY created_at DESC, campaign_id`, [user.userId]);
    return { campaigns: rows };
  }

  @Get(':id')
  @ApiOperation({ summary: "One of the signed-in agent's campaigns." })
  one(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    return this.own(user, id, request);
  }

  @Get(':id/activity')
  @ApiOperation({
    summary:
      'A campaign\'s leads and spend per day for the last 30 days (UTC), and "why no leads?": the latest 50 leads of its source and tier since it started, each bought or with the reason it was not (state, schedule, paused, daily_cap, weekly_cap, budget, already_owned, sold_out).',
  })
  async activity(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const { campaignId } = await this.own(user, id, request);
    const [perDay, offers] = await Promise.all([
      leadsPerDay(this.pool, { campaignId }),
      // The latest leads of the campaign's kind since it started: bought, passed over with the
      // recorded reason, or never offered (allocation stops at the last buyer): then sold out,
      // or, when nobody bought it, the campaign was not running.
      this.pool.query(
        `SELECT l.lead_id AS "leadId", l.state AS "leadState", l.first_name || ' ' || left(l.last_name, 1) || '.' AS "leadName",
                coalesce(f.outcome, 'passed') AS outcome,
                CASE WHEN f.outcome IS NOT NULL THEN f.reason WHEN l.buyers > 0 THEN 'sold_out' ELSE 'paused' END AS reason,
                f.price_cents AS "priceCents", coalesce(f.at, l.received_at) AS at
           FROM rm_campaigns c
           JOIN rm_leads l ON l.source = c.source AND l.tier = c.tier AND l.received_at >= c.created_at AND l.status <> 'duplicate' AND l.status <> 'new'
           LEFT JOIN rm_campaign_offers f ON f.campaign_id = c.campaign_id AND f.lead_id = l.lead_id
          WHERE c.campaign_id = $1 ORDER BY l.received_at DESC, l.lead_id LIMIT $2`,
        [campaignId, LATEST_OFFERS],
      ),
    ]);
    return { perDay, offers: offers.rows };
  }

  /** The campaign when it is the signed-in agent's; otherwise 404, and another agent's is recorded. */
  private async own(user: AuthenticatedUser, id: string, request: FastifyRequest): Promise<Record<string, unknown> & { campaignId: string }> {
    const campaignId = validate(z.uuid('No such campaign.'), id, 'id');
    const { rows } = await this.pool.query<Record<string, unknown> & { ownerId: string; campaignId: string }>(
      `SELECT ${COLUMNS}, owner_id AS "ownerId" FROM rm_campaigns WHERE campaign_id = $1`,
      [campaignId],
    );
    // Not in the read model yet (created a moment ago) is a plain 404; another agent's is recorded.
    if (!rows[0]) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
    const { ownerId, ...campaign } = rows[0];
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['CAMPAIGN_NOT_FOUND'], resource: 'campaign' }, async () => {
      if (ownerId !== user.userId) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
      return campaign;
    });
  }
}
