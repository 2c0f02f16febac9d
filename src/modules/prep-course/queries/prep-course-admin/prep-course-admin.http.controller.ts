import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { toCsv } from '../../../../platform/csv/csv.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { adminSessions, SESSION_NOT_FOUND, sessionById, type SessionRow } from '../list-prep-sessions/prep-sessions.query.js';
import { rosterOf, type RosterRow } from './prep-course-roster.query.js';

const CSV_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Office',
  'Course dates',
  'Dates (ISO)',
  'Exam attempts',
  'Commitment',
  'Registered (UTC)',
  'Updated (UTC)',
  'Status',
];
const STATUS_LABEL = { confirmed: 'Confirmed', pending: 'Pending (not confirmed, no seat)' } as const;
const csvRow = (r: RosterRow) => [
  r.firstName,
  r.lastName,
  r.email,
  r.officeLabel,
  r.dateLabel,
  r.dateIso,
  r.examAttempts,
  r.commitment ? 'Yes' : 'No',
  r.createdAt,
  r.updatedAt,
  STATUS_LABEL[r.status],
];

@ApiTags('admin')
@Controller('api/admin/prep-course/sessions')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class PrepCourseAdminController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary: 'Admins: every course weekend from four weeks ago on, with its capacity, how many registered, its status and whether it is offered now.',
  })
  async sessions() {
    return { sessions: await adminSessions(this.pool, new Date()) };
  }

  @Get(':sessionId/registrations')
  @ApiOperation({
    summary:
      'Admins: the registrations of one course weekend: those confirmed (status confirmed, confirmedVia, changePending) first registered first, then those still waiting for their mailed link (status pending, no seat).',
  })
  async registrations(@Param('sessionId') id: string) {
    const session = await this.existing(id);
    return { registrations: await rosterOf(this.pool, session.sessionId, session.saturday, new Date()) };
  }

  @Get(':sessionId/registrations.csv')
  @ApiOperation({ summary: 'Admins: the registrations of one course weekend as CSV.' })
  async csv(@Param('sessionId') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.existing(id);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="prep-registrations-${session.saturday}.csv"`)
      .header('cache-control', 'no-store');
    return toCsv(CSV_HEADER, (await rosterOf(this.pool, session.sessionId, session.saturday, new Date())).map(csvRow));
  }

  private async existing(id: string): Promise<SessionRow> {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    const session = await sessionById(this.pool, sessionId);
    if (!session) throw new ApiError(404, 'PREP_SESSION_NOT_FOUND', SESSION_NOT_FOUND);
    return session;
  }
}
