import type { BonusInputs, BonusResult } from './bonus-inputs.js';

/** Why a run could not compute an agent (a BonusRunException's reason). */
export const NO_AGENT_NUMBER = 'No agent number';
export const NO_COMMISSION_ROLE = 'No commission role';
export const NO_WEEK_FIGURES = 'No week figures from the marketplace service';

/** One agent's week as a run froze it: who, and the inputs the rules read. */
export type FrozenAgentWeek = {
  readonly userId: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly agentNumber: string;
  /** YYYY-MM-DD or null; weeksInProgram follows from it. */
  readonly programStartDate: string | null;
  /** When the marketplace service's figures used were recorded. */
  readonly figuresRecordedAt: string;
  readonly inputs: BonusInputs;
};

/** An agent the run could not compute, and why. */
export type BonusRunException = { readonly userId: string; readonly email: string; readonly displayName: string | null; readonly reason: string };

/** A line of a run: the frozen week and what the rules made of it. */
export type BonusRunLine = FrozenAgentWeek & { readonly result: BonusResult };

export type BonusAdjustment = {
  readonly adjustmentId: string;
  readonly userId: string;
  /** Positive adds to the agent's total, negative takes from it. */
  readonly amountCents: number;
  readonly reason: string;
  readonly addedBy: string;
};

export type BonusRunStatus = 'open' | 'submitted' | 'approved' | 'paid';

export const bonusRunStream = (week: string) => `bonus-run-${week}`;

export type BonusRunEvent =
  /** A run for a week, with every agent's inputs frozen (their hash: `inputsHash`) and computed. */
  | {
      type: 'BonusRunOpened';
      data: {
        week: string;
        openedBy: string;
        inputsHash: string;
        lines: readonly BonusRunLine[];
        exceptions: readonly BonusRunException[];
      };
    }
  /** An admin froze the inputs again while the run was open (an agent's number or role was set since): the lines and exceptions are replaced, adjustments stay. */
  | {
      type: 'BonusRunInputsRefreshed';
      data: { week: string; refreshedBy: string; inputsHash: string; lines: readonly BonusRunLine[]; exceptions: readonly BonusRunException[] };
    }
  /** An admin's correction for one agent, with its reason: a line of its own on the statement. */
  | { type: 'BonusAdjustmentAdded'; data: BonusAdjustment & { week: string } }
  /** The admin who prepared the run hands it over for approval; nothing changes in it after this. */
  | { type: 'BonusRunSubmitted'; data: { week: string; preparedBy: string } }
  /** A second admin approved it: its payout starts. */
  | { type: 'BonusRunApproved'; data: { week: string; approvedBy: string } }
  /** Every agent's total is in their wallet; the run is locked. */
  | { type: 'BonusRunPaid'; data: { week: string; agentsPaid: number; totalCents: number } };

export const BONUS_RUN_EVENT_TYPES = [
  'BonusRunOpened',
  'BonusRunInputsRefreshed',
  'BonusAdjustmentAdded',
  'BonusRunSubmitted',
  'BonusRunApproved',
  'BonusRunPaid',
] as const;

/** What one agent is paid by a run: the computed grand total plus the adjustments. */
export type BonusPayout = { readonly userId: string; readonly amountCents: number };

/** The bonus the wallet credits for a run and agent; the wallet credits each once. */
export const bonusPaymentId = (week: string, userId: string) => `bonus-run:${week}:${userId}`;

export type { BonusInputs, BonusResult };
