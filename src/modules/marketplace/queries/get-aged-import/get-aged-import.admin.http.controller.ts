import { Controller, Get, Header, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
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
import { agedImport, agedImportSummary, type AgedImportView } from './get-aged-import.query.js';

const importParams = z.object({ importId: z.uuid('No such import.') });
const importQuery = z.object({ summary: z.enum(['true', 'false'], { message: 'summary is true or false' }).optional() });

/** An aged-lead CSV import: its progress while its job runs, then its report (admins). */
@ApiTags('admin')
@Controller('api/admin/aged-leads/imports')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class GetAgedImportController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get(':importId')
  @ApiOperation({
    summary:
      'An aged-lead import: status (queued, running, done, failed), rows, rowsDone, imported, rejected, and each duplicate’s and bad row’s field and message, in file order. With summary=true, the counts alone (duplicateCount instead of the lists): what a page following a running import asks for.',
  })
  async get(@Param() params: unknown, @Query() query: unknown) {
    return validate(importQuery, query).summary === 'true' ? this.found(params, agedImportSummary) : this.found(params, agedImport);
  }

  @Get(':importId/report.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'An aged-lead import’s rows that were not imported as new leads, as CSV: row, outcome (Rejected or Duplicate), field, message.' })
  async report(@Param() params: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const found = await this.found(params, agedImport);
    void reply.header('content-disposition', `attachment; filename="aged-import-${found.importId}-report.csv"`);
    return toCsv(['row', 'outcome', 'field', 'message'], reportLines(found));
  }

  /** The import named by the path, as `read` gives it (the report, or the counts alone), or 404. */
  private async found<T>(params: unknown, read: (db: pg.Pool, importId: string) => Promise<T | null>): Promise<T> {
    const found = await read(this.pool, validate(importParams, params).importId);
    if (!found) throw new ApiError(404, 'IMPORT_NOT_FOUND', 'No such import.');
    return found;
  }
}

/** The rows not imported as new leads, in file order: the bad ones, then within a row its duplicates. */
const reportLines = (found: AgedImportView) =>
  [
    ...found.errors.map((error) => [error.row, 'Rejected', error.field, error.message] as const),
    ...found.duplicates.map((duplicate) => [duplicate.row, 'Duplicate', duplicate.field, duplicate.message] as const),
  ].sort((a, b) => a[0] - b[0]);
