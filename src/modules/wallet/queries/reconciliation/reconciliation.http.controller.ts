import { Controller, Get, Header, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { localTime } from '../../../../platform/time/org-time.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { WalletConfig } from '../../wallet.config.js';
import { dayParam, reconciliationLines, reconciliationReport, withRunners } from './reconciliation-report.query.js';

/** Finance's daily reconciliation of the card provider against the ledger: read, export (a run is ReconcileDayController's). */
@ApiTags('finance')
@Controller('api/finance/reconciliation')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin', 'finance')
export class ReconciliationController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "The reconciled days (calendar days of the organisation's time zone), newest first, with their totals." })
  async list(@Query('before') before?: string) {
    const until = before ? validate(dayParam, before, 'before') : null;
    const { rows } = await this.pool.query<{ day: string; runAt: Date; runBy: string; provider: string; totals: unknown }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, run_at AS "runAt", run_by AS "runBy", provider, totals
         FROM reconciliation_reports WHERE ($1::date IS NULL OR day < $1::date) ORDER BY day DESC LIMIT 31`,
      [until],
    );
    return { days: await withRunners(this.pool, rows) };
  }

  @Get(':day')
  @ApiOperation({ summary: "One day's report: totals and every line with its status." })
  async report(@Param('day') day: string) {
    const report = await reconciliationReport(this.pool, validate(dayParam, day, 'day'));
    if (!report) throw new ApiError(404, 'NOT_RECONCILED', 'This day has not been reconciled yet.');
    return report;
  }

  @Get(':day/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: "One day's report as CSV; its time column is in the organisation's time zone and names it." })
  async csv(@Param('day') day: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const valid = validate(dayParam, day, 'day');
    await this.report(valid);
    void reply.header('content-disposition', `attachment; filename="reconciliation-${valid}.csv"`);
    const zone = this.config.orgTimeZone;
    const dollars = (value: string | null) => (value === null ? '' : (Number(value) / 100).toFixed(2));
    return stringify(
      (await reconciliationLines(this.pool, valid)).map((l) => [
        l.lineNo,
        localTime(l.at, zone),
        l.status,
        l.kind,
        l.reference,
        l.paymentId ?? '',
        l.email ?? l.userId ?? '',
        dollars(l.ledgerCents),
        dollars(l.providerCents),
      ]),
      { header: true, columns: ['line', `time (${zone})`, 'status', 'kind', 'reference', 'payment', 'agent', 'ledger (USD)', 'provider (USD)'] },
    );
  }
}
