import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import type { BonusAdjustment, BonusPayout, BonusRunEvent, BonusRunException, BonusRunLine, BonusRunStatus, FrozenAgentWeek } from '../contracts/bonus-runs.js';
import { weeklyBonus } from './bonus-rules.js';

/**
 * A week's bonus run (stream `bonus-run-<week>`): opened with its inputs frozen, adjusted by an
 * admin, submitted by the admin who prepared it, approved by another, paid once, then locked.
 * A correction after payment is an adjustment in a later run.
 */
export type BonusRunCommand =
  | { type: 'OpenBonusRun'; week: string; openedBy: string; inputsHash: string; agents: readonly FrozenAgentWeek[]; exceptions: readonly BonusRunException[] }
  | { type: 'RefreshBonusRunInputs'; adminId: string; inputsHash: string; agents: readonly FrozenAgentWeek[]; exceptions: readonly BonusRunException[] }
  | { type: 'AddBonusAdjustment'; adjustmentId: string; userId: string; amountCents: number; reason: string; adminId: string }
  | { type: 'SubmitBonusRun'; adminId: string }
  | { type: 'ApproveBonusRun'; adminId: string }
  | { type: 'RecordBonusRunPaid' };

export type BonusRunState =
  | { readonly status: 'none' }
  | {
      readonly status: BonusRunStatus;
      readonly week: string;
      readonly lines: readonly BonusRunLine[];
      readonly exceptions: readonly BonusRunException[];
      readonly adjustments: readonly BonusAdjustment[];
      readonly preparedBy: string | null;
    };

/** An adjustment is at most $100,000 either way: more is a typing slip. */
export const MAX_ADJUSTMENT_CENTS = 10_000_000;

const weekWords = (week: string) => `the week of ${week}`;

/** What each agent of the run is paid: the rules' grand total plus their adjustments, never below 0 (after a recompute lowered a total), in the order of the lines, then agents with adjustments only. */
export function payoutsOf(state: Extract<BonusRunState, { week: string }>): BonusPayout[] {
  const totals = new Map<string, number>();
  for (const line of state.lines) totals.set(line.userId, line.result.grandTotalCents);
  for (const adjustment of state.adjustments) totals.set(adjustment.userId, (totals.get(adjustment.userId) ?? 0) + adjustment.amountCents);
  return [...totals].map(([userId, amountCents]) => ({ userId, amountCents: Math.max(0, amountCents) }));
}

/**
 * Why this admin may not approve the run, or null: four eyes mean the approver neither prepared
 * it, nor adjusted it, nor is paid by it. The run page asks it too, so the button is not offered.
 */
export function approvalRefusal(
  run: { readonly preparedBy: string | null; readonly adjustments: readonly { readonly addedBy: string }[]; readonly payouts: readonly BonusPayout[] },
  adminId: string,
): string | null {
  if (run.preparedBy === adminId) return 'You prepared this run: a second admin must approve it.';
  if (run.adjustments.some((adjustment) => adjustment.addedBy === adminId)) return 'You added adjustments to this run: a second admin must approve it.';
  if (run.payouts.some((payout) => payout.userId === adminId && payout.amountCents > 0)) return 'This run pays you: another admin must approve it.';
  return null;
}

export const bonusRunDecider: Decider<BonusRunCommand, BonusRunEvent, BonusRunState> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'BonusRunOpened':
        return { status: 'open', week: event.data.week, lines: event.data.lines, exceptions: event.data.exceptions, adjustments: [], preparedBy: null };
      case 'BonusRunInputsRefreshed':
        return state.status === 'none' ? state : { ...state, lines: event.data.lines, exceptions: event.data.exceptions };
      case 'BonusAdjustmentAdded': {
        if (state.status === 'none') return state;
        const { week: _week, ...adjustment } = event.data;
        return { ...state, adjustments: [...state.adjustments, adjustment] };
      }
      case 'BonusRunSubmitted':
        return state.status === 'none' ? state : { ...state, status: 'submitted', preparedBy: event.data.preparedBy };
      case 'BonusRunApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'BonusRunPaid':
        return state.status === 'none' ? state : { ...state, status: 'paid' };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    if (command.type === 'OpenBonusRun') {
      if (state.status !== 'none') throw new DomainError('BONUS_RUN_EXISTS', `A bonus run for ${weekWords(command.week)} already exists.`, 409);
      const lines = command.agents.map((agent) => ({ ...agent, result: weeklyBonus(agent.inputs) }));
      const { week, openedBy, inputsHash, exceptions } = command;
      return [{ type: 'BonusRunOpened', data: { week, openedBy, inputsHash, lines, exceptions } }];
    }
    if (state.status === 'none') throw new DomainError('BONUS_RUN_NOT_FOUND', 'There is no bonus run for this week.', 404);
    const { week } = state;
    switch (command.type) {
      case 'RefreshBonusRunInputs': {
        if (state.status !== 'open') throw lockedFor('recomputed', state.status, week);
        const lines = command.agents.map((agent) => ({ ...agent, result: weeklyBonus(agent.inputs) }));
        const { adminId, inputsHash, exceptions } = command;
        return [{ type: 'BonusRunInputsRefreshed', data: { week, refreshedBy: adminId, inputsHash, lines, exceptions } }];
      }
      case 'AddBonusAdjustment': {
        if (state.adjustments.some((adjustment) => adjustment.adjustmentId === command.adjustmentId)) return [];
        if (state.status !== 'open') throw lockedFor('adjusted', state.status, week);
        const { adjustmentId, userId, amountCents, reason, adminId } = command;
        if (!Number.isSafeInteger(amountCents) || amountCents === 0 || Math.abs(amountCents) > MAX_ADJUSTMENT_CENTS)
          throw new DomainError('ADJUSTMENT_AMOUNT', 'An adjustment is a whole number of cents, not zero, and at most $100,000.00 either way.', 400);
        const inRun = state.lines.some((line) => line.userId === userId) || state.exceptions.some((exception) => exception.userId === userId);
        if (!inRun) throw new DomainError('AGENT_NOT_IN_RUN', 'This agent is not in the run: adjust an agent listed in it.', 404);
        const current = payoutsOf(state).find((payout) => payout.userId === userId)?.amountCents ?? 0;
        if (current + amountCents < 0)
          throw new DomainError(
            'ADJUSTMENT_BELOW_ZERO',
            `This agent's total is $${(current / 100).toFixed(2)}; an adjustment cannot take it below $0.00.`,
            409,
          );
        return [{ type: 'BonusAdjustmentAdded', data: { week, adjustmentId, userId, amountCents, reason, addedBy: adminId } }];
      }
      case 'SubmitBonusRun':
        if (state.status === 'submitted' && state.preparedBy === command.adminId) return [];
        if (state.status !== 'open') throw lockedFor('submitted', state.status, week);
        return [{ type: 'BonusRunSubmitted', data: { week, preparedBy: command.adminId } }];
      case 'ApproveBonusRun': {
        if (state.status === 'open')
          throw new DomainError('BONUS_RUN_NOT_SUBMITTED', 'The run must be submitted for approval by the admin who prepared it first.', 409);
        if (state.status !== 'submitted') return []; // approved or paid already: approving again changes nothing
        const refusal = approvalRefusal({ preparedBy: state.preparedBy, adjustments: state.adjustments, payouts: payoutsOf(state) }, command.adminId);
        if (refusal) throw new DomainError('SAME_ADMIN_APPROVAL', refusal, 403);
        return [{ type: 'BonusRunApproved', data: { week, approvedBy: command.adminId } }];
      }
      case 'RecordBonusRunPaid': {
        if (state.status === 'paid') return [];
        if (state.status !== 'approved') throw lockedFor('paid', state.status, week);
        const payouts = payoutsOf(state).filter((payout) => payout.amountCents > 0);
        const totalCents = payouts.reduce((sum, payout) => sum + payout.amountCents, 0);
        return [{ type: 'BonusRunPaid', data: { week, agentsPaid: payouts.length, totalCents } }];
      }
      default:
        return assertNever(command);
    }
  },
};

function lockedFor(action: string, status: BonusRunStatus, week: string): DomainError {
  const why: Record<BonusRunStatus, string> = {
    open: 'it has not been approved yet',
    submitted: 'it is waiting for approval',
    approved: 'it has been approved and is being paid',
    paid: 'it has been paid and is locked (a correction goes into a later run as an adjustment)',
  };
  return new DomainError('BONUS_RUN_LOCKED', `The run for ${weekWords(week)} cannot be ${action}: ${why[status]}.`, 409);
}
