import type { SqlClient } from '../../../platform/persistence/sql.js';

/**
 * Card top-ups (their refunds taken off) posted to each agent's wallet in [start, end): the
 * Lead Investment Program deposit the weekly bonus matches. Read from the ledger read model, one
 * query for the batch.
 */
export async function depositsBetween(db: SqlClient, userIds: readonly string[], start: Date, end: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ user_id: string; cents: string }>(
    `SELECT user_id, sum(CASE type WHEN 'FundsDeposited' THEN amount_cents ELSE -amount_cents END) AS cents
       FROM rm_wallet_ledger
      WHERE user_id = ANY($1::uuid[]) AND occurred_at >= $2 AND occurred_at < $3 AND type IN ('FundsDeposited', 'PaymentRefunded')
      GROUP BY user_id`,
    [userIds, start, end],
  );
  return new Map(rows.map((row) => [row.user_id, Math.max(0, Number(row.cents))]));
}

/** One week of an agent's money as the Investment Tracker shows it, in cents. */
export type WeekOfMoney = {
  /** The week's Monday (YYYY-MM-DD) in `zone`. */
  readonly week: string;
  readonly depositedCents: number;
  /** Leads bought (one-off and from campaign budgets), returned leads' credits taken off. */
  readonly leadSpendCents: number;
  readonly bonusCents: number;
};

/** The agent's deposits, lead spend and bonuses per week (weeks from Monday in `zone`) in [start, end), oldest first; weeks with none are absent. */
export async function moneyByWeek(db: SqlClient, userId: string, start: Date, end: Date, zone: string): Promise<WeekOfMoney[]> {
  const { rows } = await db.query<{ week: string; deposited: string; spent: string; bonus: string }>(
    `SELECT to_char(date_trunc('week', occurred_at AT TIME ZONE $4), 'YYYY-MM-DD') AS week,
            sum(CASE type WHEN 'FundsDeposited' THEN amount_cents WHEN 'PaymentRefunded' THEN -amount_cents ELSE 0 END) AS deposited,
            sum(CASE type WHEN 'WalletCharged' THEN amount_cents WHEN 'HoldCaptured' THEN amount_cents WHEN 'LeadReturnCredited' THEN -amount_cents ELSE 0 END) AS spent,
            sum(CASE type WHEN 'BonusCredited' THEN amount_cents ELSE 0 END) AS bonus
       FROM rm_wallet_ledger
      WHERE user_id = $1 AND occurred_at >= $2 AND occurred_at < $3
        AND type IN ('FundsDeposited', 'PaymentRefunded', 'WalletCharged', 'HoldCaptured', 'LeadReturnCredited', 'BonusCredited')
      GROUP BY 1 ORDER BY 1`,
    [userId, start, end, zone],
  );
  return rows.map((row) => ({ week: row.week, depositedCents: Number(row.deposited), leadSpendCents: Number(row.spent), bonusCents: Number(row.bonus) }));
}
