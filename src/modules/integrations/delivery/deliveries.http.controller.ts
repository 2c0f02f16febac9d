import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import { enforce, type RateLimit, type RateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../platform/tokens.js';
import { EnableIntegration } from '../commands/enable-integration/enable-integration.command.js';
import { ResendDelivery } from '../commands/resend-delivery/resend-delivery.command.js';
import { ResendFailedDeliveries } from '../commands/resend-failed-deliveries/resend-failed-deliveries.command.js';
import { SetIntegrationDestinations } from '../commands/set-integration-destinations/set-integration-destinations.command.js';
import { TestSendLead } from '../commands/test-send-lead/test-send-lead.command.js';
import { validateForm } from '../validate-form.js';
import { DELIVERY_LOG_SELECT, DELIVERY_STATUSES, deliveryOf, type DeliveryLogRow } from './delivery-log.query.js';
import { destinationsOf, destinationsSchema, LEAD_SOURCES } from './destinations.js';

const PAGE = 50;
/** Test-sends reach outside addresses the agent typed: a few a minute is plenty for checking a setup. */
const TEST_SENDS: RateLimit = { name: 'integration-test-send', limit: 10, windowSeconds: 60 };

const uuid = (what: string) => z.uuid(`No such ${what}.`);

const logFilters = z.object({
  integrationId: uuid('integration').optional(),
  leadId: uuid('lead').optional(),
  status: z.enum(DELIVERY_STATUSES, { message: `Status is one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  /** The cursor: the last row of the page before, as createdAt|deliveryId. */
  before: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/, 'Not a page cursor')
    .optional(),
});

const resendFailed = z.object({
  since: z.iso.datetime({ message: 'Since is a time like 2026-11-25T09:00:00Z', offset: true }).transform((value) => new Date(value)),
});
const enable = z.object({ replay: z.boolean({ message: 'Say whether to send the leads it missed (replay: true or false).' }) });

/**
 * The delivery log (per integration and per lead), resend, test-send, and an integration's
 * destinations and re-enabling: every query scoped to the signed-in agent's own integrations.
 */
@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class DeliveriesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Get('deliveries')
  @ApiOperation({ summary: "The signed-in agent's lead deliveries, newest first, 50 a page; filter by integration, lead, status." })
  async log(@CurrentUser() user: AuthenticatedUser, @Query() raw: unknown) {
    const f = validate(logFilters, raw);
    const [beforeAt, beforeId] = f.before ? f.before.split('|') : [null, null];
    const { rows } = await this.pool.query<DeliveryLogRow>(
      `${DELIVERY_LOG_SELECT}
        WHERE d.user_id = $1 AND ($2::uuid IS NULL OR d.integration_id = $2) AND ($3::uuid IS NULL OR d.lead_id = $3) AND ($4::text IS NULL OR d.status = $4)
          AND ($5::timestamptz IS NULL OR (d.created_at, d.delivery_id) < ($5, $6::uuid))
        ORDER BY d.created_at DESC, d.delivery_id DESC LIMIT $7`,
      [user.userId, f.integrationId ?? null, f.leadId ?? null, f.status ?? null, beforeAt, beforeId, PAGE + 1],
    );
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return { deliveries: page, next: rows.length > PAGE && last ? `${last.createdAt.toISOString()}|${last.deliveryId}` : null };
  }

  @Get('deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with every attempt: time, trigger, status, duration and the first 2 KB of the answer.' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('deliveryId') rawId: string) {
    const deliveryId = validate(uuid('delivery'), rawId, 'deliveryId');
    const delivery = await deliveryOf(this.pool, user.userId, deliveryId);
    if (!delivery) throw new DomainError('DELIVERY_NOT_FOUND', 'No such delivery.', 404);
    const { rows: attempts } = await this.pool.query(
      `SELECT attempt, trigger, started_at AS "startedAt", duration_ms AS "durationMs", status, ok, error, response_preview AS "responsePreview"
         FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt DESC`,
      [deliveryId],
    );
    return { ...delivery, attempts };
  }

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends one delivery again now (one still on its retry schedule is tried at once).' })
  async resend(@CurrentUser() user: AuthenticatedUser, @Param('deliveryId') rawId: string, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new ResendDelivery({ deliveryId: validate(uuid('delivery'), rawId, 'deliveryId') }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
  }

  @Post('integration-connections/:integrationId/resend-failed')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends again every failed or held delivery of one integration since a time (at most 1,000 at once).' })
  async resendFailed(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { since } = validateForm(resendFailed, body);
    return this.commands.execute(
      new ResendFailedDeliveries(
        { integrationId: validate(uuid('integration'), rawId, 'integrationId'), since },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }

  @Post('integration-connections/:integrationId/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a sample lead to the integration now and answers what it said (logged as a test; 10 a minute).' })
  async test(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Req() request: FastifyRequest) {
    const integrationId = validate(uuid('integration'), rawId, 'integrationId');
    await enforce(this.limiter, [{ rule: TEST_SENDS, subject: user.userId }]);
    return this.commands.execute(new TestSendLead({ integrationId }, requestContextOf(request, { type: 'user', id: user.userId })));
  }

  @Post('integration-connections/:integrationId/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns an integration that was turned off for failing back on; replay: true sends the leads it missed.' })
  async enable(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { replay } = validateForm(enable, body);
    return this.commands.execute(
      new EnableIntegration(
        { integrationId: validate(uuid('integration'), rawId, 'integrationId'), replay },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }

  @Get('integration-connections/:integrationId/destinations')
  @ApiOperation({ summary: "Which of the agent's leads go to this integration (sources and campaigns; null is all), with the choices." })
  async destinations(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string) {
    const integrationId = validate(uuid('integration'), rawId, 'integrationId');
    const { rows } = await this.pool.query<{ destinations: unknown }>(
      'SELECT destinations FROM integration_configs WHERE integration_id = $1 AND user_id = $2',
      [integrationId, user.userId],
    );
    if (!rows[0]) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
    const { rows: campaigns } = await this.pool.query<{ campaignId: string; name: string; status: string }>(
      `SELECT campaign_id AS "campaignId", name, status FROM rm_campaigns WHERE owner_id = $1 ORDER BY created_at DESC LIMIT 1000`,
      [user.userId],
    );
    return { destinations: destinationsOf(rows[0].destinations), sources: LEAD_SOURCES, campaigns };
  }

  @Put('integration-connections/:integrationId/destinations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Chooses which leads go to this integration: sources and campaigns (null for all). Campaigns must be your own.' })
  async setDestinations(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const integrationId = validate(uuid('integration'), rawId, 'integrationId');
    return this.commands.execute(
      new SetIntegrationDestinations(
        { integrationId, destinations: validateForm(destinationsSchema, body) },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}
