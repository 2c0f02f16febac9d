import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';
import { AdminGuard } from '../../platform/auth/admin.guard.js';
import { SessionGuard } from '../../platform/auth/session.guard.js';
import { ApiError } from '../../platform/http/api-error.js';
import { validate } from '../../platform/http/validate.js';
import { SQL_POOL } from '../../platform/tokens.js';

const listQuery = z.object({ status: z.enum(['active', 'acknowledged', 'resolved']).default('active') });
const updateRequest = z.object({
  status: z.enum(['acknowledged', 'resolved'], { message: 'Choose acknowledged or resolved' }),
  note: z.string().trim().max(2000, 'The note is too long').optional(),
});

@ApiTags('admin')
@Controller('api/admin/security/alerts')
@UseGuards(SessionGuard, AdminGuard)
export class SecurityAlertsAdminController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'Security alerts by status (active unless asked), newest first.' })
  async list(@Query() raw: unknown) {
    const { status } = validate(listQuery, raw);
    const { rows } = await this.pool.query(
      `SELECT alert_id AS "alertId", alert_type AS "alertType", severity, user_id AS "userId", ip_address AS "ipAddress",
              event_count AS "eventCount", details, status, note, created_at AS "createdAt", updated_at AS "updatedAt"
         FROM security_alerts WHERE status = $1 ORDER BY created_at DESC LIMIT 200`,
      [status],
    );
    return { alerts: rows };
  }

  @Post(':alertId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges or resolves an alert, with an optional note.' })
  async update(@Param('alertId') alertId: string, @Body() body: unknown) {
    validate(z.uuid('No such alert.'), alertId, 'alertId');
    const { status, note } = validate(updateRequest, body);
    const { rowCount } = await this.pool.query(
      `UPDATE security_alerts SET status = $2, note = coalesce($3, note), updated_at = now() WHERE alert_id = $1`,
      [alertId, status, note ?? null],
    );
    if (!rowCount) throw new ApiError(404, 'NOT_FOUND', 'No such alert.');
    return { success: true };
  }
}
