import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { allAnnouncements } from './all-announcements.query.js';

const listRequest = z.object({
  /** The cursor: `next` of the page before. */
  after: z
    .string()
    .refine((cursor) => {
      const [at, id, rest] = cursor.split('|');
      return rest === undefined && z.iso.datetime().safeParse(at).success && z.uuid().safeParse(id).success;
    }, 'Not a page cursor')
    .optional(),
});

@ApiTags('admin')
@Controller('api/admin/announcements')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListAllAnnouncementsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      'Admins: every announcement not deleted, newest first, 50 a page {items: [{id, title, content, shownFrom, publishFrom, expiresAt, state: scheduled|shown|not-shown|expired}], next}; ?after=<next> for the page after.',
  })
  async list(@Query() raw: unknown) {
    const { after } = validate(listRequest, raw);
    return allAnnouncements(this.pool, new Date(), after ?? null);
  }
}
