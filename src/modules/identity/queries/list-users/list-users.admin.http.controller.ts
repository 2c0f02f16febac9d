import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { elevatedUntilOf } from '../../../access/contracts/agent-access-directory.js';

const MAX_ROWS = 500;
const listRequest = z.object({ search: z.string().trim().max(200, 'Search text is too long').optional() });

@ApiTags('admin')
@Controller('api/admin/users')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListUsersController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: `Accounts matching the search (e-mail or name), newest first, at most ${MAX_ROWS}; with roles, sign-in methods and state.` })
  async list(@Query() query: unknown) {
    const { search } = validate(listRequest, query);
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { rows } = await this.pool.query(
      `SELECT u.id, u.email, p.display_name AS "displayName", p.sat_manager_email AS "satLeaderEmail",
              EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS "isAdmin",
              coalesce(p.title_code = 'Satellite', false) AS "isSatLeader",
              u.disabled_at IS NOT NULL AS disabled, u.email_confirmed_at IS NOT NULL AS "emailConfirmed",
              (u.password_hash IS NOT NULL) AS "hasPassword",
              coalesce((SELECT array_agg(i.provider ORDER BY i.provider) FROM user_identities i WHERE i.user_id = u.id), '{}') AS providers,
              (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS "lastSeenAt",
              NULL AS "elevatedUntil",
              u.created_at AS "createdAt"
         FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE $1::text IS NULL OR u.email ILIKE $1 OR p.display_name ILIKE $1
        ORDER BY u.created_at DESC, u.email
        LIMIT ${MAX_ROWS + 1}`,
      [pattern],
    );
    const users = rows.slice(0, MAX_ROWS);
    const elevatedUntil = await elevatedUntilOf(
      this.pool,
      users.map((user) => user.id),
    );
    // Filled in place, so the answer keeps its field order.
    for (const user of users) user.elevatedUntil = elevatedUntil.get(user.id) ?? null;
    return { users, truncated: rows.length > MAX_ROWS };
  }
}
