import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { shiftDay } from '../../../../platform/time/org-time.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { moneyByWeek } from '../../../wallet/contracts/wallet-deposits.js';
import { BONUS_TIME_ZONE, bonusWeekOf, bonusWeekRange } from '../../domain/bonus-week.js';
import { paidStatementsOf } from '../bonus-runs/bonus-runs.query.js';

/** Weeks the tracker shows: about a quarter, the current week included. */
export const TRACKER_WEEKS = 12;

@ApiTags('bonuses')
@Controller('api/bonuses/investment-tracker')
@UseGuards(SessionGuard)
export class GetInvestmentTrackerController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary:
      'The signed-in agent’s Lead Investment Program week by week (the last 12 bonus weeks, Monday to Sunday in New York): card deposits, lead spend, the match and Lion’s Share of paid bonus runs, bonuses credited, and the totals.',
  })
  async get(@CurrentUser() user: AuthenticatedUser) {
    const current = bonusWeekOf(new Date());
    const first = shiftDay(current, -7 * (TRACKER_WEEKS - 1));
    const money = new Map(
      (await moneyByWeek(this.pool, user.userId, bonusWeekRange(first).start, bonusWeekRange(current).end, BONUS_TIME_ZONE)).map((week) => [week.week, week]),
    );
    const statements = new Map((await paidStatementsOf(this.pool, user.userId)).map((s) => [s.week, s]));
    const weeks = Array.from({ length: TRACKER_WEEKS }, (_, i) => shiftDay(first, 7 * i)).map((week) => {
      const m = money.get(week);
      const statement = statements.get(week);
      return {
        week,
        depositedCents: m?.depositedCents ?? 0,
        leadSpendCents: m?.leadSpendCents ?? 0,
        matchCents: statement?.line?.result.match.actualMatchCents ?? 0,
        lionsShareCents: statement?.line?.result.lionsShare.totalCents ?? 0,
        bonusPaidCents: statement?.totalCents ?? 0,
        bonusCreditedCents: m?.bonusCents ?? 0,
      };
    });
    const sum = (pick: (week: (typeof weeks)[number]) => number) => weeks.reduce((total, week) => total + pick(week), 0);
    return {
      weeks,
      totals: {
        depositedCents: sum((w) => w.depositedCents),
        leadSpendCents: sum((w) => w.leadSpendCents),
        matchCents: sum((w) => w.matchCents),
        lionsShareCents: sum((w) => w.lionsShareCents),
        bonusPaidCents: sum((w) => w.bonusPaidCents),
      },
    };
  }
}
