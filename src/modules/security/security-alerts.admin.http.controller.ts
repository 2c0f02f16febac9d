import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AdminGuard } from '../../platform/auth/admin.guard.js';
import type { AuthenticatedUser } from '../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../platform/auth/session.guard.js';
import { newEvent, userRequestContext } from '../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../platform/event-store/outbox.js';
import { ApiError } from '../../platform/http/api-error.js';
import { validate } from '../../platform/http/validate.js';
import { inTransaction } from '../../platform/persistence/sql.js';
import { SQL_POOL } from '../../platform/tokens.js';
import { userLabels } from '../identity/contracts/user-directory.js';
import { alertTransitionRefusal, type AlertStatus } from './domain/alert-status.js';

const listQuery = z.object({ status: z.enum(['active', 'acknowledged', 'resolved']).default('active') });
const updateRequest = z.object({
  status: z.enum(['acknowledged', 'resolved'], { message: 'Choose acknowledged or resolved' }),
  note: z.string().trim().max(2000, 'The note is too long').optional(),
});

export type SecurityAlertStatusChanged = {
  readonly type: 'SecurityAlertAcknowledged' | 'SecurityAlertResolved';
  readonly data: { readonly alertId: string; readonly alertType: string; readonly subject: string; readonly from: AlertStatus; readonly note: string | null };
};

@ApiTags('admin')
@Controller('api/admin/security/alerts')
@UseGuards(SessionGuard, AdminGuard)
export class SecurityAlertsAdminController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

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
    const users = await userLabels(this.pool, rows.map((r) => r.userId));
    return { alerts: rows.map((row) => ({ ...row, user: users.get(row.userId) ?? null })) };
  }

  /** Each change is an event with the admin as actor; the row is locked, so two admins at once make one change. */
  @Post(':alertId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges or resolves an alert, with an optional note (active → acknowledged → resolved; resolved is final; 409 otherwise).' })
  async update(@Param('alertId') alertId: string, @Body() body: unknown, @CurrentUser() admin: AuthenticatedUser, @Req() request: FastifyRequest) {
    validate(z.uuid('No such alert.'), alertId);
    const { status, note } = validate(updateRequest, body);
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ status: AlertStatus; alert_type: string; subject: string }>(
        'SELECT status, alert_type, subject FROM security_alerts WHERE alert_id = $1 FOR UPDATE',
        [alertId],
      );
      const alert = rows[0];
      if (!alert) throw new ApiError(404, 'NOT_FOUND', 'No such alert.');
      const refusal = alertTransitionRefusal(alert.status, status);
      if (refusal) throw new ApiError(409, 'ALERT_STATUS_CONFLICT', refusal);
      await tx.query(`UPDATE security_alerts SET status = $2, note = coalesce($3, note), updated_at = now() WHERE alert_id = $1`, [alertId, status, note || null]);
      const changed = newEvent<SecurityAlertStatusChanged['type'], SecurityAlertStatusChanged['data']>(
        status === 'acknowledged' ? 'SecurityAlertAcknowledged' : 'SecurityAlertResolved',
        { alertId, alertType: alert.alert_type, subject: alert.subject, from: alert.status, note: note || null },
        userRequestContext(admin.userId, String(request.id)),
      );
      await recordInOutbox(tx, `securityalert-${alertId}`, [changed]);
    });
    outboxCommitted();
    return { success: true };
  }
}
