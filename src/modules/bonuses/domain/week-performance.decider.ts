import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import type { WeekFigureName, WeekPerformanceEvent } from '../contracts/bonus-events.js';
import type { WeekFigures } from './marketplace-week.js';

/**
 * An agent's weeks as the marketplace service reports them (stream `bonus-performance-<userId>`):
 * each poll's answer is recorded only when a figure changed, so a week's figures keep their
 * history without an event per poll, and a failure only when it starts or its reason changes.
 */
export type WeekPerformanceCommand =
  | { type: 'RecordWeekFigures'; userId: string; agentNumber: string; week: string; figures: WeekFigures }
  | { type: 'RecordWeekFiguresFailure'; userId: string; agentNumber: string; week: string; reason: string };

type WeekState = { readonly figures: WeekFigures | null; readonly agentNumber: string; readonly failure: string | null };
export type WeekPerformanceState = { readonly weeks: Readonly<Record<string, WeekState>> };

const FIGURE_NAMES: readonly WeekFigureName[] = [
  'submittedCents',
  'issuedCents',
  'baseBonusAmountCents',
  'dataLeadsMatchLimitCents',
  'madeLipDeposit',
  'currentlyEngaged',
];

export const weekPerformanceDecider: Decider<WeekPerformanceCommand, WeekPerformanceEvent, WeekPerformanceState> = {
  initialState: () => ({ weeks: {} }),

  evolve(state, event) {
    const { week, agentNumber } = event.data;
    const before = state.weeks[week];
    switch (event.type) {
      case 'WeekFiguresRecorded':
        return { weeks: { ...state.weeks, [week]: { figures: event.data.figures, agentNumber, failure: null } } };
      case 'WeekFiguresUnavailable':
        return { weeks: { ...state.weeks, [week]: { figures: before?.figures ?? null, agentNumber, failure: event.data.reason } } };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    const { userId, agentNumber, week } = command;
    const before = state.weeks[week];
    switch (command.type) {
      case 'RecordWeekFigures': {
        const changed = FIGURE_NAMES.filter((name) => !before?.figures || before.figures[name] !== command.figures[name]);
        const sameAgent = before?.agentNumber === agentNumber;
        if (changed.length === 0 && sameAgent && before?.failure === null) return [];
        return [{ type: 'WeekFiguresRecorded', data: { userId, agentNumber, week, figures: command.figures, changed } }];
      }
      case 'RecordWeekFiguresFailure':
        if (before?.failure === command.reason && before.agentNumber === agentNumber) return [];
        return [{ type: 'WeekFiguresUnavailable', data: { userId, agentNumber, week, reason: command.reason } }];
      default:
        return assertNever(command);
    }
  },
};
