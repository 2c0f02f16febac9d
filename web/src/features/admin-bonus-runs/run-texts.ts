import { NO_WEEK_FIGURES } from '../../../../src/modules/bonuses/contracts/bonus-runs';
import type { RunException } from './api/bonus-runs';

/** What an admin can do about an agent the run could not compute, by the reason. */
export function exceptionAdvice(reason: string): string {
  if (reason === NO_WEEK_FIGURES)
    return 'The marketplace service has not reported this agent’s week: check that it is connected (MARKETPLACE_API_URL) and knows their agent number, then recompute; or pay what they are owed as an adjustment.';
  return 'Set it on the Users page (Manage, Bonus settings), then recompute the inputs.';
}

/** The question before a run is submitted: it names the agents it does not compute, who get only their adjustments. */
export function submitQuestion(exceptions: readonly RunException[]): string {
  const locked = 'Nothing in the run can change after this; a second admin approves it.';
  if (exceptions.length === 0) return locked;
  const who = exceptions.map((e) => `${e.displayName ?? e.email} (${e.reason})`).join('; ');
  const count = exceptions.length === 1 ? 'One agent is' : `${exceptions.length} agents are`;
  return `${count} not computed and get nothing from this run but their adjustments: ${who}. ${locked}`;
}

/** '1 agent', '2 agents'; '1 exception', '0 exceptions'. */
export const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
