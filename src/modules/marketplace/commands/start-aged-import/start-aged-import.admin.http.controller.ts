import { Body, Controller, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { idempotencyKeyOf } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { countAgedLeadsCsvRows } from '../../domain/aged-leads-csv.js';
import { StartAgedImport } from './start-aged-import.command.js';

const importQuery = z.object({
  vendorId: z.uuid('Choose the vendor the leads came from.'),
  fileName: z.string().trim().max(200, 'The file name is at most 200 characters').optional(),
});

/**
 * Aged-lead inventory from a CSV file (admins): the file is checked as a whole here (readable,
 * the required columns, 1 to 10,000 rows) and handed to a job, which checks each row as
 * intake checks a lead and stores the good ones in batches. The answer is the import, to be
 * followed at GET /api/admin/aged-leads/imports/:importId.
 */
@ApiTags('admin')
@Controller('api/admin/aged-leads')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class StartAgedImportController {
  constructor(private readonly commands: CommandBus) {}

  @Post('import')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Starts an import of aged leads from a CSV body (content-type text/csv, at most 2 MB and 10,000 rows; header firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId). Answers 202 with the import (status queued); follow it at GET /api/admin/aged-leads/imports/:importId for progress, the count imported and each bad row’s field and message. Duplicates (same phone or e-mail within 30 days) are stored but never sold. An optional Idempotency-Key makes a repeated upload answer the same import.',
  })
  async start(@CurrentUser() admin: AuthenticatedUser, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { vendorId, fileName } = validate(importQuery, query);
    if (typeof body !== 'string') throw new ApiError(415, 'CSV_REQUIRED', 'Send the CSV file’s text as the body, with content-type text/csv.');
    const idempotencyKey = request.headers['idempotency-key'] === undefined ? undefined : idempotencyKeyOf(request.headers);
    const counted = await countAgedLeadsCsvRows(body);
    if (!counted.ok) {
      if (counted.problem === 'too-many-rows') throw new ApiError(413, 'CSV_TOO_LARGE', counted.message);
      throw new ValidationFailed(
        (counted.missing ?? ['file']).map((field) => ({ field, message: counted.message })),
        counted.message,
      );
    }
    return this.commands.execute(
      new StartAgedImport(
        { vendorId, csv: body, rows: counted.rows, fileName: fileName ?? null },
        requestContextOf(request, { type: 'user', id: admin.userId }),
        idempotencyKey,
      ),
    );
  }
}
