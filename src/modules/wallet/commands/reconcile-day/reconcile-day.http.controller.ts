import { Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { dayIn } from '../../../../platform/time/org-time.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { dayParam, reconciliationReport } from '../../queries/reconciliation/reconciliation-report.query.js';
import type { WalletConfig } from '../../wallet.config.js';
import { ReconcileDay } from './reconcile-day.command.js';

/** Finance runs the reconciliation of one day now; the answer is the day's new report. */
@ApiTags('finance')
@Controller('api/finance/reconciliation')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin', 'finance')
export class ReconcileDayController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {}

  @Post(':day')
  @HttpCode(200)
  @ApiOperation({ summary: "Reconciles one day (a calendar day of the organisation's time zone) now, replacing an earlier run of it." })
  async run(@CurrentUser() user: AuthenticatedUser, @Param('day') day: string, @Req() request: FastifyRequest) {
    const valid = validate(dayParam, day, 'day');
    if (valid > dayIn(new Date(), this.config.orgTimeZone)) throw new ApiError(400, 'DAY_IN_FUTURE', 'A day in the future cannot be reconciled yet.');
    await this.commands.execute(new ReconcileDay({ day: valid }, requestContextOf(request, { type: 'user', id: user.userId })));
    return reconciliationReport(this.pool, valid);
  }
}
