import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';

const listQuery = z.object({ status: z.enum(['active', 'acknowledged', 'resolved']).default('active') });

@ApiTags('admin')
@Controller('api/admin/security/alerts')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListSecurityAlertsController {
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
    const users = await userLabels(
      this.pool,
      rows.map((r) => r.userId),
    );
    return { alerts: rows.map((row) => ({ ...row, user: users.get(row.userId) ?? null })) };
  }
}
