import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';

@ApiTags('profiles')
@Controller('api/sat-leaders')
export class ListSatLeadersController {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  /** Public, for the sign-up form: names only, never the leaders' e-mail addresses. */
  @Get()
  @ApiOperation({ summary: 'SAT leaders to choose from, by display name.' })
  async list() {
    const { rows } = await this.pool.query<{ id: string; display_name: string | null; email: string }>(
      `SELECT p.user_id AS id, p.display_name, p.email FROM profiles p JOIN users u ON u.id = p.user_id
        WHERE p.title_code = 'Satellite' AND u.disabled_at IS NULL AND p.email <> coalesce($1, '')
        ORDER BY p.display_name NULLS LAST`,
      [this.config.satLeaderExcludedEmail ?? null],
    );
    return { leaders: rows.map((r) => ({ id: r.id, displayName: r.display_name ?? r.email.slice(0, r.email.indexOf('@')) })) };
  }
}
