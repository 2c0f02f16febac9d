import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userIdByEmail, userLabels } from '../../../identity/contracts/user-directory.js';

const query = z.object({
  type: z.enum(['failed_login', 'access_code_attempt', 'unauthorized_access', 'rate_limit_exceeded', 'credential_access']).optional(),
  userId: z.string().max(100).optional(),
  user: z.string().trim().max(320).optional(),
  ip: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

@ApiTags('admin')
@Controller('api/admin/security/events')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListSecurityEventsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      'The newest security events (50 unless asked), filtered by type, user (id, or e-mail as `user`) or IP, with the user’s name and e-mail (admins only).',
  })
  async list(@Query() raw: unknown) {
    const { type, userId, user, ip, limit } = validate(query, raw);
    const userFilter = user ? ((await userIdByEmail(this.pool, user)) ?? user) : userId;
    const { rows } = await this.pool.query(
      `SELECT event_id AS "eventId", event_type AS "eventType", severity, user_id AS "userId", ip_address AS "ipAddress",
              user_agent AS "userAgent", details, created_at AS "createdAt"
         FROM rm_security_events
        WHERE ($1::text IS NULL OR event_type = $1) AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR ip_address = $3)
        ORDER BY created_at DESC LIMIT $4`,
      [type ?? null, userFilter ?? null, ip ?? null, limit],
    );
    const users = await userLabels(
      this.pool,
      rows.map((r) => r.userId),
    );
    return { events: rows.map((row) => ({ ...row, user: users.get(row.userId) ?? null })) };
  }
}
