import { describe, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import type { WeekPerformanceEvent } from '../contracts/bonus-events.js';
import type { WeekFigures } from './marketplace-week.js';
import { weekPerformanceDecider } from './week-performance.decider.js';

const now = new Date('2026-12-03T15:00:00Z');
const given = givenWhenThen(weekPerformanceDecider);
const figures: WeekFigures = {
  submittedCents: 2_150_000,
  issuedCents: 1_737_300,
  baseBonusAmountCents: 20_000,
  dataLeadsMatchLimitCents: 38_850,
  madeLipDeposit: true,
  currentlyEngaged: true,
};
const base = { userId: 'u', agentNumber: 'A1', week: '2026-11-30' };
const recorded: WeekPerformanceEvent = { type: 'WeekFiguresRecorded', data: { ...base, figures, changed: Object.keys(figures) as never } };

describe('week performance decider', () => {
  it('records a week’s first figures with every figure named as changed', () => {
    given([])
      .when({ type: 'RecordWeekFigures', ...base, figures }, now)
      .then([recorded]);
  });

  it('records nothing when a poll finds the same figures, and names only what changed otherwise', () => {
    given([recorded])
      .when({ type: 'RecordWeekFigures', ...base, figures }, now)
      .then([]);
    given([recorded])
      .when({ type: 'RecordWeekFigures', ...base, figures: { ...figures, issuedCents: 1_800_000 } }, now)
      .then([{ type: 'WeekFiguresRecorded', data: { ...base, figures: { ...figures, issuedCents: 1_800_000 }, changed: ['issuedCents'] } }]);
    // Another week is its own history.
    given([recorded])
      .when({ type: 'RecordWeekFigures', ...base, week: '2026-12-07', figures }, now)
      .then([{ ...recorded, data: { ...recorded.data, week: '2026-12-07' } }]);
  });

  it('records a failure when it starts or its reason changes, and the same figures again once they can be read', () => {
    const failed: WeekPerformanceEvent = { type: 'WeekFiguresUnavailable', data: { ...base, reason: 'Marketplace API returned 500' } };
    given([recorded])
      .when({ type: 'RecordWeekFiguresFailure', ...base, reason: 'Marketplace API returned 500' }, now)
      .then([failed]);
    given([recorded, failed])
      .when({ type: 'RecordWeekFiguresFailure', ...base, reason: 'Marketplace API returned 500' }, now)
      .then([]);
    given([recorded, failed])
      .when({ type: 'RecordWeekFigures', ...base, figures }, now)
      .then([{ type: 'WeekFiguresRecorded', data: { ...base, figures, changed: [] } }]);
  });

  it('records the figures again under a new agent number', () => {
    given([recorded])
      .when({ type: 'RecordWeekFigures', ...base, agentNumber: 'A2', figures }, now)
      .then([{ type: 'WeekFiguresRecorded', data: { ...base, agentNumber: 'A2', figures, changed: [] } }]);
  });
});
