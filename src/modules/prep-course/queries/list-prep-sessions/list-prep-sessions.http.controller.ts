import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { PlatformConfig } from '../../../../platform/config/config.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { courseCalendar, type CourseDay } from '../../services/course-calendar.js';
import { offeredSessions, SESSION_NOT_FOUND, sessionById } from './prep-sessions.query.js';

@ApiTags('prep-course')
@Controller('api/prep-course/sessions')
export class ListPrepSessionsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: PlatformConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Public: the course weekends offered now (every other weekend, from now up to three months ahead, not started, not full), soonest first, and the next one (null: TBA).',
  })
  async list() {
    const sessions = await offeredSessions(this.pool, new Date());
    return { sessions, next: sessions[0] ?? null };
  }

  @Get(':sessionId/saturday.ics')
  @ApiOperation({
    summary:
      'Public: Day 1 of a course weekend (Saturday, 8:00 AM – 1:00 PM America/New_York) as an iCalendar file: the same event as in the confirmation e-mail.',
  })
  saturday(@Param('sessionId') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.calendarFile(id, ['saturday'], reply);
  }

  @Get(':sessionId/weekend.ics')
  @ApiOperation({
    summary: 'Public: both days of a course weekend (Saturday and Sunday, 8:00 AM – 1:00 PM America/New_York) as one iCalendar file: the e-mail’s two events.',
  })
  weekend(@Param('sessionId') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.calendarFile(id, ['saturday', 'sunday'], reply);
  }

  private async calendarFile(id: string, days: readonly CourseDay[], reply: FastifyReply): Promise<string> {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    const session = await sessionById(this.pool, sessionId);
    if (!session || session.status !== 'scheduled') throw new ApiError(404, 'PREP_SESSION_NOT_FOUND', SESSION_NOT_FOUND);
    const name = days.length === 1 ? session.saturday : `${session.saturday}-weekend`;
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="2-15-license-prep-${name}.ics"`)
      .header('cache-control', 'no-store');
    return courseCalendar({
      sessionId,
      saturday: session.saturday,
      days,
      registerUrl: `${this.config.publicUrl}/prep-course/register`,
      stamp: new Date(),
    });
  }
}
