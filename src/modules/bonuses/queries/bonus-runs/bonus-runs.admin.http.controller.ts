import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userLabels } from '../../../identity/contracts/user-directory.js';
import { approvalRefusal } from '../../domain/bonus-run.decider.js';
import { weekEndedBefore } from '../../domain/bonus-week.js';
import { bonusWeekParam } from '../../services/bonus-week-param.js';
import { freezeWeek, inputsHashOf } from '../../services/run-inputs.js';
import { runCsv } from '../../services/statement-documents.js';
import { bonusRun, bonusRuns, runStatements } from './bonus-runs.query.js';

const NO_RUN = () => new ApiError(404, 'BONUS_RUN_NOT_FOUND', 'There is no bonus run for this week.');

@ApiTags('admin')
@Controller('api/admin/bonus-runs')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class BonusRunsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      'Every weekly bonus run, newest first: status, who opened, prepared and approved it, agents, exceptions and totals; and the last week that has ended, the one to open by default.',
  })
  async list() {
    const runs = await bonusRuns(this.pool);
    const names = await userLabels(
      this.pool,
      runs.flatMap((run) => [run.preparedBy, run.approvedBy, run.openedBy]),
    );
    return {
      runs: runs.map((run) => ({ ...run, people: Object.fromEntries([...names].map(([id, label]) => [id, label.displayName ?? label.email])) })),
      lastEndedWeek: weekEndedBefore(new Date()),
    };
  }

  @Get(':week')
  @ApiOperation({
    summary:
      'One run with every agent’s statement (frozen inputs, the rules’ result, adjustments, total) and its exceptions; inputsChanged: an open run’s inputs (settings, figures, deposits) differ from what it was computed from; approvalRefusal: why the signed-in admin may not approve a submitted run, or null.',
  })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('week') rawWeek: string) {
    const week = validate(bonusWeekParam, rawWeek, 'week');
    const run = await bonusRun(this.pool, week);
    if (!run) throw NO_RUN();
    const statements = await runStatements(this.pool, week);
    const ids = [run.preparedBy, run.approvedBy, run.openedBy, ...statements.flatMap((s) => s.adjustments.map((a) => a.addedBy))];
    const names = await userLabels(this.pool, ids);
    const inputsChanged = run.status === 'open' && (await this.inputsNow(week)) !== run.inputsHash;
    const refusal =
      run.status === 'submitted'
        ? approvalRefusal(
            {
              preparedBy: run.preparedBy,
              adjustments: statements.flatMap((s) => s.adjustments),
              payouts: statements.map((s) => ({ userId: s.userId, amountCents: s.totalCents })),
            },
            user.userId,
          )
        : null;
    return {
      run,
      statements,
      inputsChanged,
      approvalRefusal: refusal,
      people: Object.fromEntries([...names].map(([id, label]) => [id, label.displayName ?? label.email])),
    };
  }

  /** The hash of what the run would freeze now: another than the run's means Recompute inputs would change it. */
  private async inputsNow(week: string): Promise<string> {
    const { agents, exceptions } = await freezeWeek(this.pool, week);
    return inputsHashOf(agents, exceptions);
  }

  @Get(':week/export.csv')
  @ApiOperation({ summary: 'The run as CSV: one row per agent (figures, Lion’s Share, match, adjustments, total, exception).' })
  async export(@Param('week') rawWeek: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const week = validate(bonusWeekParam, rawWeek, 'week');
    const run = await bonusRun(this.pool, week);
    if (!run) throw NO_RUN();
    const csv = runCsv(run, await runStatements(this.pool, week));
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bonus-run-${week}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  }
}
