import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { fold } from '../../../platform/domain/decider.js';
import type { BonusInputs } from '../contracts/bonus-inputs.js';
import type { BonusRunEvent, FrozenAgentWeek } from '../contracts/bonus-runs.js';
import { weeklyBonus } from './bonus-rules.js';
import { bonusRunDecider, payoutsOf, type BonusRunCommand } from './bonus-run.decider.js';

const now = new Date('2026-12-07T11:00:00Z');
const week = '2026-11-30';
const given = givenWhenThen(bonusRunDecider);

const inputs: BonusInputs = {
  submittedCents: 2_150_000,
  issuedCents: 1_737_300,
  takenRate: 0.66,
  depositCents: 50_000,
  role: 'VET',
  weeksInProgram: 40,
  blueReportTrack: null,
  engaged: true,
  buyInOnTime: true,
  averageIssuedLast13WeeksCents: null,
};
const agent = (userId: string, over: Partial<BonusInputs> = {}): FrozenAgentWeek => ({
  userId,
  email: `${userId}@example.com`,
  displayName: null,
  agentNumber: `A-${userId}`,
  programStartDate: '2026-01-05',
  figuresRecordedAt: '2026-12-06T20:00:00.000Z',
  inputs: { ...inputs, ...over },
});
const open: BonusRunCommand = {
  type: 'OpenBonusRun',
  week,
  openedBy: 'system',
  inputsHash: 'h',
  agents: [agent('a'), agent('b', { engaged: false })],
  exceptions: [{ userId: 'c', email: 'c@example.com', displayName: null, reason: 'No agent number' }],
};
const opened = bonusRunDecider.decide(open, bonusRunDecider.initialState(), now) as BonusRunEvent[];
const adjust = (adminId: string, amountCents: number, userId = 'a', adjustmentId = `adj-${amountCents}`): BonusRunCommand => ({
  type: 'AddBonusAdjustment',
  adjustmentId,
  userId,
  amountCents,
  reason: 'Late figures',
  adminId,
});
const submitted: BonusRunEvent = { type: 'BonusRunSubmitted', data: { week, preparedBy: 'anna' } };
const approved: BonusRunEvent = { type: 'BonusRunApproved', data: { week, approvedBy: 'ben' } };

describe('bonus run decider', () => {
  it('opens a run with each agent computed by the rules, and refuses a second run for the week', () => {
    const event = opened[0]!;
    expect(event.type).toBe('BonusRunOpened');
    if (event.type !== 'BonusRunOpened') return;
    expect(event.data.lines.map((line) => line.result)).toEqual([weeklyBonus(agent('a').inputs), weeklyBonus(agent('b', { engaged: false }).inputs)]);
    expect(event.data.lines[0]!.result.grandTotalCents).toBe(25_656 + 20_000 + 38_850);
    expect(event.data.exceptions).toHaveLength(1);
    given(opened).when(open, now).thenRefuses('BONUS_RUN_EXISTS', 'A bonus run for the week of 2026-11-30 already exists.');
  });

  it('adds adjustments as their own lines, once per adjustment id, never taking a total below zero', () => {
    given(opened)
      .when(adjust('anna', 1_000), now)
      .then([
        { type: 'BonusAdjustmentAdded', data: { week, adjustmentId: 'adj-1000', userId: 'a', amountCents: 1_000, reason: 'Late figures', addedBy: 'anna' } },
      ]);
    const afterOne = [...opened, ...bonusRunDecider.decide(adjust('anna', 1_000), fold(bonusRunDecider, opened), now)];
    given(afterOne).when(adjust('anna', 1_000), now).then([]);
    // b is not engaged: 0, so nothing can be taken from them; c (an exception) can be given a manual bonus.
    given(opened)
      .when(adjust('anna', -1, 'b'), now)
      .thenRefuses('ADJUSTMENT_BELOW_ZERO');
    given(opened)
      .when(adjust('anna', 5_000, 'c'), now)
      .then([expect.objectContaining({ type: 'BonusAdjustmentAdded' }) as never]);
    given(opened)
      .when(adjust('anna', 5_000, 'stranger'), now)
      .thenRefuses('AGENT_NOT_IN_RUN');
    given(opened).when(adjust('anna', 0), now).thenRefuses('ADJUSTMENT_AMOUNT');
    given(opened).when(adjust('anna', 10_000_001), now).thenRefuses('ADJUSTMENT_AMOUNT');
    // Exactly down to zero is allowed.
    const total = 25_656 + 20_000 + 38_850;
    given(opened)
      .when(adjust('anna', -total), now)
      .then([expect.objectContaining({ type: 'BonusAdjustmentAdded' }) as never]);
    given(opened)
      .when(adjust('anna', -total - 1), now)
      .thenRefuses('ADJUSTMENT_BELOW_ZERO');
  });

  it('needs a second admin to approve: not the one who prepared it, nor one who adjusted it, nor one it pays', () => {
    given(opened).when({ type: 'ApproveBonusRun', adminId: 'ben' }, now).thenRefuses('BONUS_RUN_NOT_SUBMITTED');
    given([...opened, submitted])
      .when({ type: 'ApproveBonusRun', adminId: 'anna' }, now)
      .thenRefuses('SAME_ADMIN_APPROVAL', 'You prepared this run: a second admin must approve it.');
    const adjustedByCarl = bonusRunDecider.decide(adjust('carl', 500), fold(bonusRunDecider, opened), now);
    given([...opened, ...adjustedByCarl, submitted])
      .when({ type: 'ApproveBonusRun', adminId: 'carl' }, now)
      .thenRefuses('SAME_ADMIN_APPROVAL');
    given([...opened, submitted])
      .when({ type: 'ApproveBonusRun', adminId: 'a' }, now)
      .thenRefuses('SAME_ADMIN_APPROVAL', 'This run pays you: another admin must approve it.');
    // b is in the run but is paid nothing (not engaged): b may approve.
    given([...opened, submitted])
      .when({ type: 'ApproveBonusRun', adminId: 'b' }, now)
      .then([{ ...approved, data: { week, approvedBy: 'b' } }]);
    // Paid only through an adjustment (b's rules pay nothing; c is an exception with no line): neither may approve.
    for (const payee of ['b', 'c']) {
      const adjustedForPayee = bonusRunDecider.decide(adjust('carl', 500, payee), fold(bonusRunDecider, opened), now);
      given([...opened, ...adjustedForPayee, submitted])
        .when({ type: 'ApproveBonusRun', adminId: payee }, now)
        .thenRefuses('SAME_ADMIN_APPROVAL', 'This run pays you: another admin must approve it.');
    }
    given([...opened, submitted])
      .when({ type: 'ApproveBonusRun', adminId: 'ben' }, now)
      .then([approved]);
    given([...opened, submitted, approved])
      .when({ type: 'ApproveBonusRun', adminId: 'dora' }, now)
      .then([]);
  });

  it('locks the run once submitted: no adjustment, and paid once', () => {
    given([...opened, submitted])
      .when(adjust('anna', 100), now)
      .thenRefuses('BONUS_RUN_LOCKED');
    given(opened).when({ type: 'RecordBonusRunPaid' }, now).thenRefuses('BONUS_RUN_LOCKED');
    const adjusted = bonusRunDecider.decide(adjust('anna', 5_000, 'c'), fold(bonusRunDecider, opened), now);
    const total = 25_656 + 20_000 + 38_850;
    given([...opened, ...adjusted, submitted, approved])
      .when({ type: 'RecordBonusRunPaid' }, now)
      .then([{ type: 'BonusRunPaid', data: { week, agentsPaid: 2, totalCents: total + 5_000 } }]);
    const paid: BonusRunEvent = { type: 'BonusRunPaid', data: { week, agentsPaid: 2, totalCents: total + 5_000 } };
    given([...opened, submitted, approved, paid])
      .when({ type: 'RecordBonusRunPaid' }, now)
      .then([]);
    given([...opened, submitted, approved, paid])
      .when(adjust('anna', 100), now)
      .thenRefuses(
        'BONUS_RUN_LOCKED',
        'The run for the week of 2026-11-30 cannot be adjusted: it has been paid and is locked (a correction goes into a later run as an adjustment).',
      );
  });

  it('pays each agent the grand total plus their adjustments', () => {
    const state = fold(bonusRunDecider, [...opened, ...bonusRunDecider.decide(adjust('anna', -656), fold(bonusRunDecider, opened), now)]);
    if (state.status === 'none') throw new Error('no run');
    expect(payoutsOf(state)).toEqual([
      { userId: 'a', amountCents: 25_656 + 20_000 + 38_850 - 656 },
      { userId: 'b', amountCents: 0 },
    ]);
  });
});

describe('recomputing an open run', () => {
  const refresh = (agents: FrozenAgentWeek[]): BonusRunCommand => ({
    type: 'RefreshBonusRunInputs',
    adminId: 'anna',
    inputsHash: 'h2',
    agents,
    exceptions: [],
  });

  it('replaces the lines and exceptions, keeps the adjustments, and pays never below zero', () => {
    const adjusted = bonusRunDecider.decide(adjust('anna', -80_000), fold(bonusRunDecider, opened), now);
    const refreshed = bonusRunDecider.decide(refresh([agent('a', { engaged: false })]), fold(bonusRunDecider, [...opened, ...adjusted]), now);
    expect(refreshed).toEqual([
      {
        type: 'BonusRunInputsRefreshed',
        data: {
          week,
          refreshedBy: 'anna',
          inputsHash: 'h2',
          lines: [{ ...agent('a', { engaged: false }), result: weeklyBonus(agent('a', { engaged: false }).inputs) }],
          exceptions: [],
        },
      },
    ]);
    const state = fold(bonusRunDecider, [...opened, ...adjusted, ...refreshed]);
    if (state.status === 'none') throw new Error('no run');
    // Not engaged now: 0 − $800 is paid as 0, not taken from the wallet.
    expect(payoutsOf(state)).toEqual([{ userId: 'a', amountCents: 0 }]);
  });

  it('is refused once the run is submitted', () => {
    given([...opened, submitted])
      .when(refresh([]), now)
      .thenRefuses('BONUS_RUN_LOCKED');
  });
});
