import type pg from 'pg';
import { z } from 'zod';

import { userLabels } from '../../../identity/contracts/user-directory.js';

/** A reconciled day in a route: a calendar day (YYYY-MM-DD) of the organisation's time zone. */
export const dayParam = z.iso.date({ message: 'Day must be a date like 2026-11-23' });

export type ReconciliationLineRow = {
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

/** One reconciled day's lines, in order, with the agent's e-mail where the line names one. */
export async function reconciliationLines(pool: pg.Pool, day: string): Promise<ReconciliationLineRow[]> {
  const { rows } = await pool.query<ReconciliationLineRow>(
    `SELECT l.line_no AS "lineNo", l.status, l.kind, l.reference, l.payment_id AS "paymentId", l.user_id::text AS "userId", NULL::text AS email,
            l.ledger_cents AS "ledgerCents", l.provider_cents AS "providerCents", l.at
       FROM reconciliation_lines l WHERE l.day = $1 ORDER BY l.line_no`,
    [day],
  );
  const users = await userLabels(
    pool,
    rows.map((row) => row.userId),
  );
  // Filled in place, so each line keeps its field order.
  for (const row of rows) row.email = row.userId === null ? null : (users.get(row.userId)?.email ?? null);
  return rows;
}

/** One day's report (totals and every line with its status), or null when the day has not been reconciled. */
export async function reconciliationReport(pool: pg.Pool, day: string) {
  const { rows } = await pool.query<{ day: string; runAt: Date; runBy: string; provider: string; totals: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, run_at AS "runAt", run_by AS "runBy", provider, totals FROM reconciliation_reports WHERE day = $1`,
    [day],
  );
  if (!rows[0]) return null;
  return {
    ...(await withRunners(pool, rows))[0]!,
    lines: (await reconciliationLines(pool, day)).map(({ ledgerCents, providerCents, ...line }) => ({
      ...line,
      ledgerCents: cents(ledgerCents),
      providerCents: cents(providerCents),
    })),
  };
}

/** Each report with the e-mail of the finance user who ran it (null for the daily job). */
export async function withRunners<T extends { readonly runBy: string }>(pool: pg.Pool, reports: readonly T[]): Promise<(T & { runByEmail: string | null })[]> {
  const users = await userLabels(
    pool,
    reports.map((report) => report.runBy),
  );
  return reports.map((report) => ({ ...report, runByEmail: users.get(report.runBy)?.email ?? null }));
}

const cents = (value: string | null) => (value === null ? null : Number(value));
