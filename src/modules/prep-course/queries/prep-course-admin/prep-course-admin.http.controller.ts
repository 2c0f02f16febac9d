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
import { adminSessions, registrationsOf, SESSION_NOT_FOUND, sessionById, type RegistrationRow } from '../list-prep-sessions/prep-sessions.query.js';

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
];
const csvRow = (r: RegistrationRow) => [
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
  @ApiOperation({ summary: 'Admins: the registrations of one course weekend, first registered first.' })
  async registrations(@Param('sessionId') id: string) {
    const sessionId = await this.existing(id);
    return { registrations: await registrationsOf(this.pool, sessionId) };
  }

  @Get(':sessionId/registrations.csv')
  @ApiOperation({ summary: 'Admins: the registrations of one course weekend as CSV.' })
  async csv(@Param('sessionId') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const sessionId = await this.existing(id);
    const session = (await sessionById(this.pool, sessionId))!;
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="prep-registrations-${session.saturday}.csv"`)
      .header('cache-control', 'no-store');
    return toCsv(CSV_HEADER, (await registrationsOf(this.pool, sessionId)).map(csvRow));
  }

  private async existing(id: string): Promise<string> {
    const sessionId = validate(z.uuid(SESSION_NOT_FOUND), id, 'sessionId');
    if (!(await sessionById(this.pool, sessionId))) throw new ApiError(404, 'PREP_SESSION_NOT_FOUND', SESSION_NOT_FOUND);
    return sessionId;
  }
}
