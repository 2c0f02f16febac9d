import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ReconcileDay } from '../../commands/reconcile-day/reconcile-day.handler.js';

const dayParam = z.iso.date({ message: 'Day must be a date like 2026-11-23' });

type LineRow = {
  lineNo: number;
  status: string;
  kind: string;
  reference: string;
  paymentId: string | null;
  userId: string | null;
  email: string | null;
  ledgerCents: string | null;
  providerCents: string | null;
  at: Date;
};

/** Finance's daily reconciliation of the card provider against the ledger: run, read, export. */
@ApiTags('finance')
@Controller('api/finance/reconciliation')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin', 'finance')
export class ReconciliationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The reconciled days, newest first, with their totals.' })
  async list(@Query('before') before?: string) {
    const until = before ? validate(dayParam, before, 'before') : null;
    const { rows } = await this.pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, run_at AS "runAt", run_by AS "runBy", provider, totals
         FROM reconciliation_reports WHERE ($1::date IS NULL OR day < $1::date) ORDER BY day DESC LIMIT 31`,
      [until],
    );
    return { days: rows };
  }

  @Post(':day')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reconciles one UTC day now (replacing an earlier run of it).' })
  async run(@CurrentUser() user: AuthenticatedUser, @Param('day') day: string) {
    const valid = validate(dayParam, day, 'day');
    if (valid > new Date().toISOString().slice(0, 10)) throw new ApiError(400, 'DAY_IN_FUTURE', 'A day in the future cannot be reconciled yet.');
    await this.commands.execute(new ReconcileDay(valid, user.userId));
    return this.report(valid);
  }

  @Get(':day')
  @ApiOperation({ summary: "One day's report: totals and every line with its status." })
  async report(@Param('day') day: string) {
    const valid = validate(dayParam, day, 'day');
    const { rows } = await this.pool.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, run_at AS "runAt", run_by AS "runBy", provider, totals FROM reconciliation_reports WHERE day = $1`,
      [valid],
    );
    if (!rows[0]) throw new ApiError(404, 'NOT_RECONCILED', 'This day has not been reconciled yet.');
    return {
      ...rows[0],
      lines: (await this.lines(valid)).map(({ ledgerCents, providerCents, ...line }) => ({
        ...line,
        ledgerCents: cents(ledgerCents),
        providerCents: cents(providerCents),
      })),
    };
  }

  @Get(':day/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: "One day's report as CSV." })
  async csv(@Param('day') day: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const valid = validate(dayParam, day, 'day');
    await this.report(valid);
    void reply.header('content-disposition', `attachment; filename="reconciliation-${valid}.csv"`);
    const dollars = (value: string | null) => (value === null ? '' : (Number(value) / 100).toFixed(2));
    return stringify(
      (await this.lines(valid)).map((l) => [
        l.lineNo,
        l.at.toISOString(),
        l.status,
        l.kind,
        l.reference,
        l.paymentId ?? '',
        l.email ?? l.userId ?? '',
        dollars(l.ledgerCents),
        dollars(l.providerCents),
      ]),
      { header: true, columns: ['line', 'time (UTC)', 'status', 'kind', 'reference', 'payment', 'agent', 'ledger (USD)', 'provider (USD)'] },
    );
  }

  private async lines(day: string): Promise<LineRow[]> {
    const { rows } = await this.pool.query<LineRow>(
      `SELECT l.line_no AS "lineNo", l.status, l.kind, l.reference, l.payment_id AS "paymentId", l.user_id::text AS "userId", u.email,
              l.ledger_cents AS "ledgerCents", l.provider_cents AS "providerCents", l.at
         FROM reconciliation_lines l LEFT JOIN users u ON u.id = l.user_id WHERE l.day = $1 ORDER BY l.line_no`,
      [day],
    );
    return rows;
  }
}

const cents = (value: string | null) => (value === null ? null : Number(value));
