import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../platform/tokens.js';

const COLUMNS = `campaign_id AS "campaignId", name, source, tier, status, budget_cents::int AS "budgetCents", spent_cents::int AS "spentCents",
  lead_count AS "leadCount", targeting, status_reason AS "statusReason", created_at AS "createdAt", updated_at AS "updatedAt"`;

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
  async one(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const campaignId = validate(z.uuid('No such campaign.'), id, 'id');
    const { rows } = await this.pool.query<Record<string, unknown> & { ownerId: string }>(`SELECT ${COLUMNS}, owner_id AS "ownerId" FROM rm_campaigns WHERE campaign_id = $1`, [campaignId]);
    // Not in the read model yet (created a moment ago) is a plain 404; another agent's is recorded.
    if (!rows[0]) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
    const { ownerId, ...campaign } = rows[0];
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['CAMPAIGN_NOT_FOUND'], resource: 'campaign' }, async () => {
      if (ownerId !== user.userId) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
      return campaign;
    });
  }
}
