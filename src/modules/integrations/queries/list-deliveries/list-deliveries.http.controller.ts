import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { campaignsOf } from '../../../marketplace/contracts/lead-directory.js';
import { DELIVERY_LOG_SELECT, DELIVERY_STATUSES, deliveryWithAttempts, withLeadNames, type DeliveryLogRow } from '../../delivery/delivery-log.query.js';
import { destinationsOf, LEAD_SOURCES } from '../../delivery/destinations.js';

const PAGE = 50;

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

/** The delivery log (per integration and per lead) and an integration's destinations: every query scoped to the signed-in agent's own integrations. */
@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class ListDeliveriesController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

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
    const page = await withLeadNames(this.pool, rows.slice(0, PAGE));
    const last = page.at(-1);
    return { deliveries: page, next: rows.length > PAGE && last ? `${last.createdAt.toISOString()}|${last.deliveryId}` : null };
  }

  @Get('deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with every attempt: time, trigger, status, duration and the first 2 KB of the answer.' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('deliveryId') rawId: string) {
    const deliveryId = validate(uuid('delivery'), rawId, 'deliveryId');
    const delivery = await deliveryWithAttempts(this.pool, user.userId, deliveryId);
    if (!delivery) throw new DomainError('DELIVERY_NOT_FOUND', 'No such delivery.', 404);
    return delivery;
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
    const campaigns = await campaignsOf(this.pool, user.userId, 1000);
    return { destinations: destinationsOf(rows[0].destinations), sources: LEAD_SOURCES, campaigns };
  }
}
