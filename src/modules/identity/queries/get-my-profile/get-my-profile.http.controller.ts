import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { IdentityConfig } from '../../identity.config.js';
import { myProfile } from './my-profile.js';

/** The signed-in user's own profile: there is no address for anyone else's. */
@ApiTags('profiles')
@Controller('api/profile')
export class GetMyProfileController {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'The signed-in user’s account information: display name, e-mail, phone, time zone (chosen and in effect), avatar and role badge.' })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const profile = await myProfile(this.pool, user.userId, this.config.orgTimeZone);
    if (!profile) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
    return profile;
  }
}
