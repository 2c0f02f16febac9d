import { createHash } from 'node:crypto';

import type { SqlClient } from '../../../platform/persistence/sql.js';
import { userLabels } from '../../identity/contracts/user-directory.js';
import { depositsBetween } from '../../wallet/contracts/wallet-deposits.js';
import { MAX_WEEKS_IN_PROGRAM } from '../contracts/bonus-inputs.js';
import { NO_AGENT_NUMBER, NO_COMMISSION_ROLE, NO_WEEK_FIGURES, type BonusRunException, type FrozenAgentWeek } from '../contracts/bonus-runs.js';
import { bonusWeekRange, weeksInProgram } from '../domain/bonus-week.js';
import { allBonusAgents } from './bonus-agents.js';

/** The Closers Club averages the issued AV of this many weeks, the run's week included. */
export const CLOSERS_CLUB_WEEKS = 13;

type FiguresRow = { user_id: string; submitted_cents: string; issued_cents: string; made_lip_deposit: boolean; currently_engaged: boolean; figures_at: Date };

/**
 * The taken rate the rules read, from the week's figures: the share of submitted AV that was
 * issued (at most 1), to four decimals; 0 without submissions. The marketplace service reports
 * submitted and issued AV, not a rate.
 */
export function takenRateOf(submittedCents: number, issuedCents: number): number {
  if (submittedCents <= 0) return 0;
  return Math.min(1, Math.round((issuedCents / submittedCents) * 10_000) / 10_000);
}

const cappedWeeks = (weeks: number | null) => (weeks === null ? null : Math.min(weeks, MAX_WEEKS_IN_PROGRAM));

/** A stable hash of what a run froze: the same inputs always give the same hash. */
export function inputsHashOf(agents: readonly FrozenAgentWeek[], exceptions: readonly BonusRunException[]): string {
  return createHash('sha256').update(JSON.stringify({ agents, exceptions })).digest('hex');
}

/**
 * Freezes every agent's week for a run: their settings (agent number, role, weeks in program,
 * track), the figures the marketplace service last reported for the week (submitted, issued,
 * engaged, LIP deposit made on time), the week's card deposits from the ledger and the Closers
 * Club average of the last 13 weeks' issued AV. Agents it cannot compute are exceptions.
 */
export async function freezeWeek(db: SqlClient, week: string): Promise<{ agents: FrozenAgentWeek[]; exceptions: BonusRunException[] }> {
  const settings = (await allBonusAgents(db)).filter((agent) => agent.agentNumber !== null || agent.commissionRole !== null);
  const ids = settings.map((agent) => agent.userId);
  const { rows: figures } = await db.query<FiguresRow>(
    `SELECT user_id, submitted_cents, issued_cents, made_lip_deposit, currently_engaged, figures_at
       FROM rm_week_performance WHERE week = $1 AND has_figures AND user_id = ANY($2::uuid[])`,
    [week, ids],
  );
  const { rows: averages } = await db.query<{ user_id: string; average: string }>(
    `SELECT user_id, round(sum(issued_cents) / ${CLOSERS_CLUB_WEEKS}.0) AS average
       FROM rm_week_performance
      WHERE has_figures AND user_id = ANY($1::uuid[]) AND week > $2::date - ${CLOSERS_CLUB_WEEKS * 7} AND week <= $2::date
      GROUP BY user_id HAVING count(*) = ${CLOSERS_CLUB_WEEKS}`,
    [ids, week],
  );
  const byUser = new Map(figures.map((row) => [row.user_id, row]));
  const averageOf = new Map(averages.map((row) => [row.user_id, Number(row.average)]));
  const { start, end } = bonusWeekRange(week);
  const deposits = await depositsBetween(db, ids, start, end);
  const labels = await userLabels(db, ids);

  const agents: FrozenAgentWeek[] = [];
  const exceptions: BonusRunException[] = [];
  for (const agent of settings) {
    const label = labels.get(agent.userId);
    if (!label) continue; // an account removed since: nobody to pay
    const who = { userId: agent.userId, email: label.email, displayName: label.displayName };
    const row = byUser.get(agent.userId);
    const reason = agent.agentNumber === null ? NO_AGENT_NUMBER : agent.commissionRole === null ? NO_COMMISSION_ROLE : !row ? NO_WEEK_FIGURES : null;
    if (reason !== null || !row || agent.agentNumber === null || agent.commissionRole === null) {
      exceptions.push({ ...who, reason: reason ?? NO_WEEK_FIGURES });
      continue;
    }
    const submittedCents = Number(row.submitted_cents);
    const issuedCents = Number(row.issued_cents);
    agents.push({
      ...who,
      agentNumber: agent.agentNumber,
      programStartDate: agent.programStartDate,
      figuresRecordedAt: row.figures_at.toISOString(),
      inputs: {
        submittedCents: Math.max(0, submittedCents),
        issuedCents: Math.max(0, issuedCents),
        takenRate: takenRateOf(submittedCents, issuedCents),
        depositCents: deposits.get(agent.userId) ?? 0,
        role: agent.commissionRole,
        weeksInProgram: agent.commissionRole === 'NEWBIE' ? cappedWeeks(weeksInProgram(agent.programStartDate, week)) : null,
        blueReportTrack: agent.blueReportTrack,
        engaged: row.currently_engaged,
        buyInOnTime: row.made_lip_deposit,
        averageIssuedLast13WeeksCents: averageOf.get(agent.userId) ?? null,
      },
    });
  }
  return { agents, exceptions };
}
