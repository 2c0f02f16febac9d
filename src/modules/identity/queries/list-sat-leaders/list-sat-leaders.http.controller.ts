import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';
import { choosableSatLeaders } from '../../services/sat-leaders.js';

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
    const rows = await choosableSatLeaders(this.pool, this.config.satLeaderExcludedEmail);
    return { leaders: rows.map((r) => ({ id: r.id, displayName: r.display_name ?? r.email.slice(0, r.email.indexOf('@')) })) };
  }
}
