import type { SqlClient } from '../../../../platform/persistence/sql.js';
import type { BonusAdjustment, BonusRunException, BonusRunLine, BonusRunStatus } from '../../contracts/bonus-runs.js';

export type BonusRunSummary = {
  readonly week: string;
  readonly status: BonusRunStatus;
  readonly openedAt: string;
  readonly openedBy: string;
  readonly inputsHash: string;
  readonly agents: number;
  readonly exceptions: readonly BonusRunException[];
  readonly computedCents: number;
  readonly adjustmentsCents: number;
  readonly totalCents: number;
  readonly preparedBy: string | null;
  readonly submittedAt: string | null;
  readonly approvedBy: string | null;
  readonly approvedAt: string | null;
  readonly paidAt: string | null;
};

export type BonusStatement = {
  readonly week: string;
  readonly userId: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly agentNumber: string | null;
  /** The frozen inputs and the rules' result; null for an agent the run could not compute (an exception). */
  readonly line: BonusRunLine | null;
  readonly adjustments: readonly (BonusAdjustment & { readonly addedAt: string })[];
  readonly computedCents: number;
  readonly totalCents: number;
  readonly status: BonusRunStatus;
  readonly paidAt: string | null;
};

const RUN_COLUMNS = `to_char(week, 'YYYY-MM-DD') AS week, status, opened_at, opened_by, inputs_hash, agents, exceptions, computed_cents::float8 AS computed_cents,
  adjustments_cents::float8 AS adjustments_cents, total_cents::float8 AS total_cents, prepared_by, submitted_at, approved_by, approved_at, paid_at`;

type RunRow = {
  week: string;
  status: BonusRunStatus;
  opened_at: Date;
  opened_by: string;
  inputs_hash: string;
  agents: number;
  exceptions: BonusRunException[];
  computed_cents: number;
  adjustments_cents: number;
  total_cents: number;
  prepared_by: string | null;
  submitted_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  paid_at: Date | null;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const runOf = (r: RunRow): BonusRunSummary => ({
  week: r.week,
  status: r.status,
  openedAt: r.opened_at.toISOString(),
  openedBy: r.opened_by,
  inputsHash: r.inputs_hash,
  agents: r.agents,
  exceptions: r.exceptions,
  computedCents: r.computed_cents,
  adjustmentsCents: r.adjustments_cents,
  totalCents: r.total_cents,
  preparedBy: r.prepared_by,
  submittedAt: iso(r.submitted_at),
  approvedBy: r.approved_by,
  approvedAt: iso(r.approved_at),
  paidAt: iso(r.paid_at),
});

/** Every run, newest week first (at most a few years of weeks). */
export async function bonusRuns(db: SqlClient, limit = 260): Promise<BonusRunSummary[]> {
  const { rows } = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM rm_bonus_runs ORDER BY week DESC LIMIT $1`, [limit]);
  return rows.map(runOf);
}

export async function bonusRun(db: SqlClient, week: string): Promise<BonusRunSummary | null> {
  const { rows } = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM rm_bonus_runs WHERE week = $1`, [week]);
  return rows[0] ? runOf(rows[0]) : null;
}

type StatementRow = {
  week: string;
  user_id: string;
  email: string;
  display_name: string | null;
  agent_number: string | null;
  line: BonusRunLine | null;
  adjustments: BonusStatement['adjustments'];
  computed_cents: number;
  total_cents: number;
  status: BonusRunStatus;
  paid_at: Date | null;
};

const STATEMENT_SQL = `SELECT to_char(s.week, 'YYYY-MM-DD') AS week, s.user_id, s.email, s.display_name, s.agent_number, s.line, s.adjustments,
  s.computed_cents::float8 AS computed_cents, s.total_cents::float8 AS total_cents, r.status, r.paid_at
  FROM rm_bonus_statements s JOIN rm_bonus_runs r ON r.week = s.week`;

const statementOf = (r: StatementRow): BonusStatement => ({
  week: r.week,
  userId: r.user_id,
  email: r.email,
  displayName: r.display_name,
  agentNumber: r.agent_number,
  line: r.line,
  adjustments: r.adjustments,
  computedCents: r.computed_cents,
  totalCents: r.total_cents,
  status: r.status,
  paidAt: iso(r.paid_at),
});

/** A run's statements, by agent e-mail. */
export async function runStatements(db: SqlClient, week: string): Promise<BonusStatement[]> {
  const { rows } = await db.query<StatementRow>(`${STATEMENT_SQL} WHERE s.week = $1 ORDER BY s.email`, [week]);
  return rows.map(statementOf);
}

/** An agent's statements of paid runs, newest first: a statement is theirs to read once its run has paid it. */
export async function paidStatementsOf(db: SqlClient, userId: string): Promise<BonusStatement[]> {
  const { rows } = await db.query<StatementRow>(`${STATEMENT_SQL} WHERE s.user_id = $1 AND r.status = 'paid' ORDER BY s.week DESC LIMIT 260`, [userId]);
  return rows.map(statementOf);
}

/** One agent's statement of one paid run, or null (none, not theirs, or not paid yet). */
export async function paidStatementOf(db: SqlClient, userId: string, week: string): Promise<BonusStatement | null> {
  const { rows } = await db.query<StatementRow>(`${STATEMENT_SQL} WHERE s.user_id = $1 AND s.week = $2 AND r.status = 'paid'`, [userId, week]);
  return rows[0] ? statementOf(rows[0]) : null;
}
