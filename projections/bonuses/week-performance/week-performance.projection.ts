import { WEEK_PERFORMANCE_EVENT_TYPES, type WeekPerformanceEvent } from '../../../src/modules/bonuses/contracts/bonus-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

export const WEEK_PERFORMANCE_TOPIC = 'week-performance';

/**
 * Each agent's weeks as the marketplace service last reported them (the Week Performance card,
 * the runs' inputs), with the failure that stops them being read now, if any.
 */
export const weekPerformanceProjection: Projection = {
  name: 'week-performance',
  eventTypes: WEEK_PERFORMANCE_EVENT_TYPES,

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_week_performance');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = recorded as unknown as WeekPerformanceEvent;
      const { userId, week, agentNumber } = event.data;
      const at = recorded.metadata.occurredAt;
      if (event.type === 'WeekFiguresRecorded') {
        const f = event.data.figures;
        await tx.query(
          `INSERT INTO rm_week_performance (user_id, week, agent_number, submitted_cents, issued_cents, base_bonus_amount_cents,
                                            data_leads_match_limit_cents, made_lip_deposit, currently_engaged, has_figures, figures_at, failing_since, failure)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, NULL, NULL)
           ON CONFLICT (user_id, week) DO UPDATE SET agent_number = EXCLUDED.agent_number, submitted_cents = EXCLUDED.submitted_cents,
             issued_cents = EXCLUDED.issued_cents, base_bonus_amount_cents = EXCLUDED.base_bonus_amount_cents,
             data_leads_match_limit_cents = EXCLUDED.data_leads_match_limit_cents, made_lip_deposit = EXCLUDED.made_lip_deposit,
             currently_engaged = EXCLUDED.currently_engaged, has_figures = true, figures_at = EXCLUDED.figures_at, failing_since = NULL, failure = NULL`,
          [
            userId,
            week,
            agentNumber,
            f.submittedCents,
            f.issuedCents,
            f.baseBonusAmountCents,
            f.dataLeadsMatchLimitCents,
            f.madeLipDeposit,
            f.currentlyEngaged,
            at,
          ],
        );
      } else {
        await tx.query(
          `INSERT INTO rm_week_performance (user_id, week, agent_number, failing_since, failure) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id, week) DO UPDATE SET agent_number = EXCLUDED.agent_number,
             failing_since = coalesce(rm_week_performance.failing_since, EXCLUDED.failing_since), failure = EXCLUDED.failure`,
          [userId, week, agentNumber, at, event.data.reason],
        );
      }
      changes.push({ userId, topic: WEEK_PERFORMANCE_TOPIC });
    }
    return [...new Map(changes.map((change) => [change.userId, change])).values()];
  },
};
