import {
  BONUS_RUN_EVENT_TYPES,
  type BonusAdjustment,
  type BonusRunEvent,
  type BonusRunException,
  type BonusRunLine,
} from '../../../src/modules/bonuses/contracts/bonus-runs.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { roleAudience } from '../../../src/platform/realtime/realtime-hub.js';

/** Admins' list of runs changed. */
export const BONUS_RUNS_TOPIC = 'bonus-runs';
/** An agent's statements changed. */
export const BONUS_STATEMENTS_TOPIC = 'bonus-statements';

/** The run's lines and exceptions as frozen (opened or recomputed): every agent's statement row, adjustments kept. */
async function replaceLines(
  tx: SqlClient,
  week: string,
  lines: readonly BonusRunLine[],
  exceptions: readonly BonusRunException[],
  inputsHash: string,
  at: string,
): Promise<void> {
  const people = [
    ...lines.map((line) => ({
      userId: line.userId,
      email: line.email,
      displayName: line.displayName,
      agentNumber: line.agentNumber,
      line,
      cents: line.result.grandTotalCents,
    })),
    ...exceptions.map((e) => ({ userId: e.userId, email: e.email, displayName: e.displayName, agentNumber: null, line: null, cents: 0 })),
  ];
  // Agents no longer in the run keep their row only for the adjustments made to them.
  await tx.query(`DELETE FROM rm_bonus_statements WHERE week = $1 AND NOT (user_id = ANY($2::uuid[])) AND adjustments = '[]'::jsonb`, [
    week,
    people.map((p) => p.userId),
  ]);
  await tx.query(`UPDATE rm_bonus_statements SET line = NULL, computed_cents = 0 WHERE week = $1 AND NOT (user_id = ANY($2::uuid[]))`, [
    week,
    people.map((p) => p.userId),
  ]);
  await tx.query(
    `INSERT INTO rm_bonus_statements (week, user_id, email, display_name, agent_number, line, computed_cents)
     SELECT $1, u, e, d, a, l::jsonb, c FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[]) AS t(u, e, d, a, l, c)
     ON CONFLICT (week, user_id) DO UPDATE SET email = EXCLUDED.email, display_name = EXCLUDED.display_name, agent_number = EXCLUDED.agent_number,
       line = EXCLUDED.line, computed_cents = EXCLUDED.computed_cents`,
    [
      week,
      people.map((p) => p.userId),
      people.map((p) => p.email),
      people.map((p) => p.displayName),
      people.map((p) => p.agentNumber),
      people.map((p) => (p.line ? JSON.stringify(p.line) : null)),
      people.map((p) => p.cents),
    ],
  );
  await tx.query(`UPDATE rm_bonus_runs SET inputs_hash = $2, agents = $3, exceptions = $4 WHERE week = $1`, [
    week,
    inputsHash,
    lines.length,
    JSON.stringify(exceptions),
  ]);
  await recomputeTotals(tx, week, at);
}

/** Each statement's total (computed plus adjustments, never below 0, as the payout pays it) and the run's sums, from every statement of the run. */
async function recomputeTotals(tx: SqlClient, week: string, at: string): Promise<void> {
  await tx.query(
    `UPDATE rm_bonus_statements s
        SET total_cents = greatest(0, s.computed_cents + coalesce((SELECT sum((a->>'amountCents')::bigint) FROM jsonb_array_elements(s.adjustments) a), 0))
      WHERE s.week = $1`,
    [week],
  );
  await tx.query(
    `UPDATE rm_bonus_runs r SET computed_cents = t.computed, total_cents = t.total, adjustments_cents = t.total - t.computed, updated_at = $2
       FROM (SELECT coalesce(sum(computed_cents), 0) AS computed, coalesce(sum(total_cents), 0) AS total FROM rm_bonus_statements WHERE week = $1) t
      WHERE r.week = $1`,
    [week, at],
  );
}

type AddedAdjustment = { readonly week: string; readonly entry: BonusAdjustment & { readonly addedAt: string } };

/**
 * Adjustments touch only their agents' rows: a run has thousands of statements, and summing
 * them all for each adjustment would make every adjustment cost the whole run. In one statement,
 * for adjustments in the order stored (several may be for one agent): each agent's entries are
 * appended, their total recomputed from their own row (the floor at 0 is why the run's totals
 * move by the change of that total, not by the amounts), and each run's totals move by the sum
 * of its agents' changes. What a full recompute gives, as long as the totals were right before.
 */
async function addAdjustments(tx: SqlClient, added: readonly AddedAdjustment[]): Promise<void> {
  if (added.length === 0) return;
  await tx.query(
    `WITH added AS (
       SELECT week, user_id, entry::jsonb AS entry, (entry::jsonb->>'amountCents')::bigint AS amount, (entry::jsonb->>'addedAt')::timestamptz AS at, n
         FROM unnest($1::date[], $2::uuid[], $3::text[]) WITH ORDINALITY AS t(week, user_id, entry, n)
     ),
     per_agent AS (
       SELECT a.week, a.user_id, jsonb_agg(a.entry ORDER BY a.n) AS entries, sum(a.amount) AS amount, s.total_cents AS total_before
         FROM added a JOIN rm_bonus_statements s ON s.week = a.week AND s.user_id = a.user_id
        GROUP BY a.week, a.user_id, s.total_cents
     ),
     changed AS (
       UPDATE rm_bonus_statements s
          SET adjustments = s.adjustments || p.entries,
              total_cents = greatest(0, s.computed_cents + p.amount
                + coalesce((SELECT sum((a->>'amountCents')::bigint) FROM jsonb_array_elements(s.adjustments) a), 0))
         FROM per_agent p
        WHERE s.week = p.week AND s.user_id = p.user_id
       RETURNING s.week, s.total_cents - p.total_before AS change
     ),
     per_run AS (
       SELECT w.week, w.at, coalesce((SELECT sum(c.change) FROM changed c WHERE c.week = w.week), 0) AS change
         FROM (SELECT week, (array_agg(at ORDER BY n DESC))[1] AS at FROM added GROUP BY week) w
     )
     UPDATE rm_bonus_runs r
        SET total_cents = r.total_cents + p.change, adjustments_cents = r.adjustments_cents + p.change, updated_at = p.at
       FROM per_run p
      WHERE r.week = p.week`,
    [added.map((a) => a.week), added.map((a) => a.entry.userId), added.map((a) => JSON.stringify(a.entry))],
  );
}

/**
 * The weekly runs (admins' list, totals) and each agent's statement of a run: the frozen line,
 * its adjustments and what it pays. A statement is shown to its agent once the run is paid.
 */
export const bonusRunsProjection: Projection = {
  name: 'bonus-runs',
  eventTypes: BONUS_RUN_EVENT_TYPES,
  rebuildTables: ['rm_bonus_statements'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_bonus_runs, rm_bonus_statements');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    // Adjustments in a row are added together; anything else first adds those before it.
    let adjustments: AddedAdjustment[] = [];
    for (const recorded of events) {
      const event = recorded as unknown as BonusRunEvent;
      const at = recorded.metadata.occurredAt;
      const { week } = event.data;
      if (event.type === 'BonusAdjustmentAdded') {
        const { week: _week, ...adjustment } = event.data;
        adjustments.push({ week, entry: { ...adjustment, addedAt: at } });
        changes.push({ userId: roleAudience('admin'), topic: BONUS_RUNS_TOPIC });
        continue;
      }
      await addAdjustments(tx, adjustments);
      adjustments = [];
      switch (event.type) {
        case 'BonusRunOpened':
          await tx.query(
            `INSERT INTO rm_bonus_runs (week, status, opened_at, opened_by, inputs_hash, agents, exceptions, computed_cents, total_cents, updated_at)
             VALUES ($1, 'open', $2, $3, $4, 0, '[]', 0, 0, $2) ON CONFLICT (week) DO NOTHING`,
            [week, at, event.data.openedBy, event.data.inputsHash],
          );
          await replaceLines(tx, week, event.data.lines, event.data.exceptions, event.data.inputsHash, at);
          break;
        case 'BonusRunInputsRefreshed':
          await replaceLines(tx, week, event.data.lines, event.data.exceptions, event.data.inputsHash, at);
          break;
        case 'BonusRunSubmitted':
          await tx.query(`UPDATE rm_bonus_runs SET status = 'submitted', prepared_by = $2, submitted_at = $3, updated_at = $3 WHERE week = $1`, [
            week,
            event.data.preparedBy,
            at,
          ]);
          break;
        case 'BonusRunApproved':
          await tx.query(`UPDATE rm_bonus_runs SET status = 'approved', approved_by = $2, approved_at = $3, updated_at = $3 WHERE week = $1`, [
            week,
            event.data.approvedBy,
            at,
          ]);
          break;
        case 'BonusRunPaid': {
          await tx.query(`UPDATE rm_bonus_runs SET status = 'paid', paid_at = $2, updated_at = $2 WHERE week = $1`, [week, at]);
          const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM rm_bonus_statements WHERE week = $1', [week]);
          for (const row of rows) changes.push({ userId: row.user_id, topic: BONUS_STATEMENTS_TOPIC });
          break;
        }
      }
      changes.push({ userId: roleAudience('admin'), topic: BONUS_RUNS_TOPIC });
    }
    await addAdjustments(tx, adjustments);
    return [...new Map(changes.map((change) => [`${change.userId} ${change.topic}`, change])).values()];
  },
};
