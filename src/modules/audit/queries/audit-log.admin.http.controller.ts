import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../platform/auth/session.guard.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { auditEventDetail, auditFacets, auditLogPage } from './audit-log.query.js';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);
const instant = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.iso.datetime({ offset: true, message: 'Enter a date and time (ISO 8601)' }).optional());

const pageQuery = z
  .object({
    actor: optionalText(320),
    type: optionalText(200),
    stream: optionalText(300),
    streamType: optionalText(100),
    from: instant,
    to: instant,
    cursor: optionalText(200),
    limit: z.coerce.number({ message: 'Enter a number' }).int().min(1, 'At least 1').max(200, 'At most 200').default(50),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { message: 'The start must be before the end', path: ['to'] });

@ApiTags('admin')
@Controller('api/admin/audit')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AuditLogAdminController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get('events')
  @ApiOperation({
    summary:
      'A page of the audit log, newest first: time, actor (name and e-mail), type, stream and a summary; filtered by actor (e-mail or id), type, stream, stream type and time range. Pass `nextCursor` back as `cursor` for the next page (admins only).',
  })
  async page(@Query() raw: unknown) {
    const { cursor, limit, ...filters } = validate(pageQuery, raw);
    return auditLogPage(this.pool, filters, limit, cursor);
  }

  @Get('events/:eventId')
  @ApiOperation({ summary: 'One event of the audit log with its full data (credentials redacted) and metadata, and its correlation chain (admins only).' })
  async detail(@Param('eventId') eventId: string) {
    validate(z.uuid('No such event in the audit log.'), eventId);
    return auditEventDetail(this.pool, eventId);
  }

  @Get('facets')
  @ApiOperation({ summary: 'The event types and stream types in the audit log, for its filters (admins only).' })
  async facets() {
    return auditFacets(this.pool);
  }
}
