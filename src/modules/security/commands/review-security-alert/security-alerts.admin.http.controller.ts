import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';
import { ReviewSecurityAlert } from './review-security-alert.command.js';

const listQuery = z.object({ status: z.enum(['active', 'acknowledged', 'resolved']).default('active') });
const updateRequest = z.object({
  status: z.enum(['acknowledged', 'resolved'], { message: 'Choose acknowledged or resolved' }),
  note: z.string().trim().max(2000, 'The note is too long').optional(),
});

@ApiTags('admin')
@Controller('api/admin/security/alerts')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SecurityAlertsAdminController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Security alerts by status (active unless asked), newest first, with the user’s name and e-mail.' })
  async list(@Query() raw: unknown) {
    const { status } = validate(listQuery, raw);
    const { rows } = await this.pool.query(
      `SELECT alert_id AS "alertId", alert_type AS "alertType", severity, subject, user_id AS "userId", ip_address AS "ipAddress",
              event_count AS "eventCount", details, status, note, created_at AS "createdAt", last_seen_at AS "lastSeenAt", updated_at AS "updatedAt"
         FROM security_alerts WHERE status = $1 ORDER BY created_at DESC LIMIT 200`,
      [status],
    );
    const users = await userLabels(
      this.pool,
      rows.map((r) => r.userId),
    );
    return { alerts: rows.map((row) => ({ ...row, user: users.get(row.userId) ?? null })) };
  }

  /** Each change is an event with the admin as actor; the row is locked, so two admins at once make one change. */
  @Post(':alertId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges or resolves an alert, with an optional note (active → acknowledged → resolved; resolved is final; 409 otherwise).' })
  async update(@Param('alertId') alertId: string, @Body() body: unknown, @CurrentUser() admin: AuthenticatedUser, @Req() request: FastifyRequest) {
    validate(z.uuid('No such alert.'), alertId, 'alertId');
    const { status, note } = validate(updateRequest, body);
    await this.commands.execute(new ReviewSecurityAlert({ alertId, status, note }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}
