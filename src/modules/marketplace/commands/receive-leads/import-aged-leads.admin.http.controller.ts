import { Body, Controller, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { csvColumnOf, parseAgedLeadsCsv, type CsvRowError } from '../../domain/aged-leads-csv.js';
import { leadInput, type LeadInput } from '../../domain/lead-input.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { vendorStatus } from '../../services/lead-vendors.js';
import { ReceiveLeads } from './receive-leads.command.js';

const importQuery = z.object({ vendorId: z.uuid('Choose the vendor the leads came from.') });

/** A row stored as a duplicate, with what made it one: its externalId (imported before) or its phone or e-mail (seen within the window). */
type DuplicateRow = {
  readonly row: number;
  readonly leadId: string;
  readonly duplicateOf: string;
  readonly field: 'externalId' | 'phone / email';
  readonly message: string;
};

/**
 * Aged-lead inventory from a CSV file (admins): each row is checked as intake checks a lead
 * and stored as intake stores an aged lead (ReceiveLeads), under the vendor it came from.
 */
@ApiTags('admin')
@Controller('api/admin/aged-leads')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ImportAgedLeadsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Imports aged leads from a CSV body (content-type text/csv, at most 2 MB and 10,000 rows; header firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId). Answers the count imported and each bad row’s field and message; duplicates (same phone or e-mail within 30 days) are stored but never sold.',
  })
  async import(@CurrentUser() admin: AuthenticatedUser, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { vendorId } = validate(importQuery, query);
    if (typeof body !== 'string') throw new ApiError(415, 'CSV_REQUIRED', 'Send the CSV file’s text as the body, with content-type text/csv.');
    const parsed = parseAgedLeadsCsv(body);
    if (!parsed.ok) {
      if (parsed.problem === 'too-many-rows') throw new ApiError(413, 'CSV_TOO_LARGE', parsed.message);
      throw new ValidationFailed(
        (parsed.missing ?? ['file']).map((field) => ({ field, message: parsed.message })),
        parsed.message,
      );
    }
    const vendor = await vendorStatus(this.pool, vendorId);
    if (!vendor) throw new ApiError(404, 'VENDOR_NOT_FOUND', 'No such lead vendor.');
    if (vendor === 'revoked') throw new ApiError(409, 'VENDOR_REVOKED', 'This vendor was revoked; choose another.');

    const errors: CsvRowError[] = [...parsed.errors];
    const valid: { row: number; lead: LeadInput }[] = [];
    const schema = leadInput(new Date());
    for (const { row, lead } of parsed.rows) {
      try {
        valid.push({ row, lead: validate(schema, lead) });
      } catch (error) {
        if (!(error instanceof ValidationFailed)) throw error;
        for (const fieldError of error.fieldErrors ?? []) errors.push({ row, field: csvColumnOf(fieldError.field), message: fieldError.message });
      }
    }
    const received =
      valid.length === 0
        ? []
        : await this.commands.execute(
            new ReceiveLeads({ vendorId, leads: valid.map((item) => item.lead) }, requestContextOf(request, { type: 'user', id: admin.userId })),
          );
    const duplicates: DuplicateRow[] = [];
    let imported = 0;
    received.forEach((lead, i) => {
      const { row } = valid[i]!;
      if (lead.repeated)
        duplicates.push({
          row,
          leadId: lead.leadId,
          duplicateOf: lead.leadId,
          field: 'externalId',
          message: 'Already imported from this vendor with this externalId.',
        });
      else if (lead.duplicateOf)
        duplicates.push({
          row,
          leadId: lead.leadId,
          duplicateOf: lead.duplicateOf,
          field: 'phone / email',
          message: `Same phone or e-mail as a lead received within ${this.config.leads.duplicateDays} days: stored, never sold.`,
        });
      else imported++;
    });
    errors.sort((a, b) => a.row - b.row);
    return {
      rows: parsed.rows.length + parsed.errors.length,
      imported,
      duplicates,
      rejected: new Set(errors.map((e) => e.row)).size,
      errors,
    };
  }
}
