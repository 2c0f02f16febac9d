import type { SqlClient } from '../../../../platform/persistence/sql.js';
import type { WeekFigures } from '../../domain/marketplace-week.js';

export type WeekPerformanceView = {
  /** The figures recorded for the week; all zero and flags false when none are. */
  readonly figures: WeekFigures;
  readonly hasFigures: boolean;
  /** When the figures shown were recorded (they are recorded when they change). */
  readonly figuresAt: string | null;
  /** Why the service cannot be read now, and since when; null while it can. */
  readonly failure: string | null;
  readonly failingSince: string | null;
};

const ZERO: WeekFigures = {
  submittedCents: 0,
  issuedCents: 0,
  baseBonusAmountCents: 0,
  dataLeadsMatchLimitCents: 0,
  madeLipDeposit: false,
  currentlyEngaged: false,
};

export async function weekPerformanceOf(db: SqlClient, userId: string, week: string): Promise<WeekPerformanceView> {
  const { rows } = await db.query<{
    submitted_cents: number;
    issued_cents: number;
    base_bonus_amount_cents: number;
    data_leads_match_limit_cents: number;
    made_lip_deposit: boolean;
    currently_engaged: boolean;
    has_figures: boolean;
    figures_at: Date | null;
    failure: string | null;
    failing_since: Date | null;
  }>(
    `SELECT submitted_cents::float8 AS submitted_cents, issued_cents::float8 AS issued_cents, base_bonus_amount_cents::float8 AS base_bonus_amount_cents,
            data_leads_match_limit_cents::float8 AS data_leads_match_limit_cents, made_lip_deposit, currently_engaged, has_figures, figures_at, failure, failing_since
       FROM rm_week_performance WHERE user_id = $1 AND week = $2`,
    [userId, week],
  );
  const row = rows[0];
  if (!row) return { figures: ZERO, hasFigures: false, figuresAt: null, failure: null, failingSince: null };
  return {
    figures: row.has_figures
      ? {
          submittedCents: row.submitted_cents,
          issuedCents: row.issued_cents,
          baseBonusAmountCents: row.base_bonus_amount_cents,
          dataLeadsMatchLimitCents: row.data_leads_match_limit_cents,
          madeLipDeposit: row.made_lip_deposit,
          currentlyEngaged: row.currently_engaged,
        }
      : ZERO,
    hasFigures: row.has_figures,
    figuresAt: row.figures_at?.toISOString() ?? null,
    failure: row.failure,
    failingSince: row.failing_since?.toISOString() ?? null,
  };
}
