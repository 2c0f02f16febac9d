import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { ROLE_DIRECTORY, type RoleDirectory } from '../../../../platform/auth/role-directory.port.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { nextAnnouncementChange, shownAnnouncements, upcomingAnnouncements } from './announcements.query.js';

@ApiTags('announcements')
@Controller('api/announcements')
@UseGuards(SessionGuard)
export class ListAnnouncementsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(ROLE_DIRECTORY) private readonly roles: RoleDirectory,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The five newest announcements shown now (newest first), nextChangeAt (the next publish time or expiry, when the list changes by itself), and for admins the upcoming ones.',
  })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const now = new Date();
    const isAdmin = user.roles ? user.roles.includes('admin') : await this.roles.holdsAnyRole(user.userId, ['admin']);
    const [announcements, nextChangeAt, upcoming] = await Promise.all([
      shownAnnouncements(this.pool, now),
      nextAnnouncementChange(this.pool, now),
      isAdmin ? upcomingAnnouncements(this.pool, now) : Promise.resolve(undefined),
    ]);
    return { announcements, nextChangeAt, ...(upcoming ? { upcoming } : {}) };
  }
}
