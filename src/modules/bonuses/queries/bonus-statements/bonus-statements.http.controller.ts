import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { agentTimeZone } from '../../../identity/contracts/agent-time-zone.js';
import type { BonusesConfig } from '../../bonuses.config.js';
import { bonusWeekParam } from '../../services/bonus-week-param.js';
import { statementCsv, statementFileName, statementLines, statementPdf } from '../../services/statement-documents.js';
import { paidStatementOf, paidStatementsOf, type BonusStatement } from '../bonus-runs/bonus-runs.query.js';

/** The signed-in agent's own statements only: another agent's week is simply not found. */
@ApiTags('bonuses')
@Controller('api/bonuses/statements')
@UseGuards(SessionGuard)
export class BonusStatementsController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Pick<BonusesConfig, 'orgTimeZone'>,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in agent’s weekly bonus statements of paid runs, newest first, each with its total.' })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const statements = await paidStatementsOf(this.pool, user.userId);
    return {
      statements: statements.map((s) => ({
        week: s.week,
        totalCents: s.totalCents,
        computedCents: s.computedCents,
        adjustmentsCents: s.totalCents - s.computedCents,
        paidAt: s.paidAt,
        exception: s.line === null,
      })),
    };
  }

  @Get(':week')
  @ApiOperation({ summary: 'One statement: the frozen inputs, the rules’ result, adjustments and the total paid, each line with where it came from.' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('week') rawWeek: string) {
    const statement = await this.statement(user, rawWeek);
    return { statement, lines: statementLines(statement, await this.zoneOf(user)) };
  }

  @Get(':week/statement.csv')
  @ApiOperation({ summary: 'One statement as CSV (week, section, item, value, from).' })
  async csv(@CurrentUser() user: AuthenticatedUser, @Param('week') rawWeek: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const statement = await this.statement(user, rawWeek);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statementFileName(statement, 'csv')}"`)
      .header('cache-control', 'no-store');
    return statementCsv(statement, await this.zoneOf(user));
  }

  @Get(':week/statement.pdf')
  @ApiOperation({ summary: 'One statement as PDF.' })
  async pdf(@CurrentUser() user: AuthenticatedUser, @Param('week') rawWeek: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const statement = await this.statement(user, rawWeek);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${statementFileName(statement, 'pdf')}"`)
      .header('cache-control', 'no-store');
    return statementPdf(statement, await this.zoneOf(user));
  }

  /** Times on a statement are in the agent's own zone (or the organisation's). */
  private zoneOf(user: AuthenticatedUser): Promise<string> {
    return agentTimeZone(this.pool, user.userId, this.config.orgTimeZone);
  }

  private async statement(user: AuthenticatedUser, rawWeek: string): Promise<BonusStatement> {
    const week = validate(bonusWeekParam, rawWeek, 'week');
    const statement = await paidStatementOf(this.pool, user.userId, week);
    if (!statement) throw new ApiError(404, 'STATEMENT_NOT_FOUND', 'You have no bonus statement for this week.');
    return statement;
  }
}
