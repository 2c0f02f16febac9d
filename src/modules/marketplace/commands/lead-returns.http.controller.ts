import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { idempotencyKeyOf } from '../../../platform/http/idempotency.js';
import { validate } from '../../../platform/http/validate.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { CONFIG, SQL_POOL } from '../../../platform/tokens.js';
import { RETURN_REASONS } from '../contracts/lead-events.js';
import { MAX_RETURN_COMMENT } from '../domain/lead.decider.js';
import { DecideLead } from './decide-lead/decide-lead.handler.js';

const returnRequest = z.object({
  reason: z.string({ message: 'Choose why you are returning this lead.' }),
  comment: z.string().max(MAX_RETURN_COMMENT, `A comment can be at most ${MAX_RETURN_COMMENT} characters.`).default(''),
});
const denyRequest = z.object({
  reason: z.string({ message: 'Say why the return is denied; the agent sees it.' }).max(500, 'The reason is at most 500 characters'),
});
const queueQuery = z.object({ status: z.enum(['pending', 'approved', 'denied'], { message: 'Status is pending, approved or denied' }).default('pending') });
const uuid = (message: string) => z.uuid(message);

const returnIdOf = (ownerId: string, key: string) => deterministicUuid('v4-variant-8', 'lead-return', ownerId, key);

/** Lead returns: an agent asks within the return window, with a reason; an admin approves (the price comes back) or denies. */
@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class LeadReturnsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get('leads/return-reasons')
  @ApiOperation({ summary: 'The reasons a lead may be returned for, and the return window in days.' })
  reasons() {
    return { reasons: Object.entries(RETURN_REASONS).map(([code, label]) => ({ code, label })), windowDays: this.config.leads.returnDays };
  }

  @Post('leads/:leadId/returns')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Asks to return one of the signed-in agent’s leads (reason from the list, optional comment) within the return window (Idempotency-Key required).',
  })
  async request(@CurrentUser() user: AuthenticatedUser, @Param('leadId') rawLeadId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const leadId = validate(uuid('No such lead.'), rawLeadId, 'leadId');
    const input = validate(returnRequest, body);
    const { rows } = await this.pool.query<{ campaign_id: string | null }>('SELECT campaign_id FROM rm_owned_leads WHERE lead_id = $1 AND owner_id = $2', [
      leadId,
      user.userId,
    ]);
    if (rows[0] && rows[0].campaign_id === null) throw new ApiError(409, 'AGED_NOT_RETURNABLE', 'Aged leads are sold as they are and cannot be returned.');
    const returnId = returnIdOf(user.userId, key);
    await recordingNotYours(this.moduleRef, request, user.userId, { codes: ['LEAD_NOT_FOUND'], resource: 'lead' }, () =>
      this.commands.execute(
        new DecideLead(
          {
            type: 'RequestReturn',
            leadId,
            returnId,
            ownerId: user.userId,
            reason: input.reason,
            comment: input.comment,
            windowDays: this.config.leads.returnDays,
          },
          userRequestContext(user.userId, String(request.id)),
          `return:${returnId}`,
        ),
      ),
    );
    return { returnId, leadId, status: 'pending' };
  }

  @Get('leads/returns')
  @ApiOperation({ summary: "The signed-in agent's returns with their status and, when denied, why." })
  async mine(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query(
      `SELECT return_id AS "returnId", lead_id AS "leadId", price_cents AS "priceCents", reason, comment, status, deny_reason AS "denyReason", requested_at AS "requestedAt", reviewed_at AS "reviewedAt"
         FROM rm_lead_returns WHERE owner_id = $1 ORDER BY requested_at DESC LIMIT 500`,
      [user.userId],
    );
    return { returns: rows };
  }

  @Get('admin/lead-returns')
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'The returns review queue (admins): pending first by age, or approved / denied.' })
  async queue(@Query() raw: unknown) {
    const { status } = validate(queueQuery, raw);
    const { rows } = await this.pool.query(
      `SELECT r.return_id AS "returnId", r.lead_id AS "leadId", r.owner_id AS "ownerId", u.email AS "ownerEmail", r.price_cents AS "priceCents", r.reason, r.comment, r.status,
              r.deny_reason AS "denyReason", r.requested_at AS "requestedAt", r.reviewed_at AS "reviewedAt", l.first_name || ' ' || l.last_name AS "leadName", l.phone AS "leadPhone", l.state AS "leadState"
         FROM rm_lead_returns r JOIN users u ON u.id = r.owner_id LEFT JOIN rm_leads l ON l.lead_id = r.lead_id
        WHERE r.status = $1 ORDER BY r.requested_at LIMIT 500`,
      [status],
    );
    return { returns: rows };
  }

  @Post('admin/lead-returns/:returnId/approve')
  @HttpCode(200)
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'Approves a return: the lead’s price goes back to the agent’s wallet and the lead is never sold again.' })
  approve(@CurrentUser() admin: AuthenticatedUser, @Param('returnId') returnId: string, @Req() request: FastifyRequest) {
    return this.review(admin, returnId, true, '', request);
  }

  @Post('admin/lead-returns/:returnId/deny')
  @HttpCode(200)
  @UseGuards(RolesGuard)
  @Roles('admin')
  @ApiOperation({ summary: 'Denies a return with a reason the agent sees.' })
  deny(@CurrentUser() admin: AuthenticatedUser, @Param('returnId') returnId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.review(admin, returnId, false, validate(denyRequest, body).reason, request);
  }

  private async review(admin: AuthenticatedUser, rawReturnId: string, approve: boolean, reason: string, request: FastifyRequest) {
    const returnId = validate(uuid('No such return.'), rawReturnId, 'returnId');
    const { rows } = await this.pool.query<{ lead_id: string }>('SELECT lead_id FROM rm_lead_returns WHERE return_id = $1', [returnId]);
    if (!rows[0]) throw new DomainError('RETURN_NOT_FOUND', 'No such return.', 404);
    await this.commands.execute(
      new DecideLead(
        { type: 'ReviewReturn', leadId: rows[0].lead_id, returnId, reviewerId: admin.userId, approve, reason },
        userRequestContext(admin.userId, String(request.id)),
        `review:${returnId}:${approve}`,
      ),
    );
    return { returnId, status: approve ? 'approved' : 'denied' };
  }
}
