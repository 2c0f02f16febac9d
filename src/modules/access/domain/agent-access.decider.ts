import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';

export const MAX_FAILED_ATTEMPTS = 5;
export const ATTEMPT_WINDOW_MINUTES = 15;

/** An agent's elevated access, and the failed code attempts that lead to a lockout. */
export type AgentAccessEvent =
  | { type: 'AccessCodeAttemptFailed'; data: { userId: string; at: string } }
  | { type: 'ElevatedAccessGranted'; data: { userId: string; codeId: string; expiresAt: string } }
  | { type: 'ElevatedAccessRevoked'; data: { userId: string } };

export type AgentAccessCommand =
  | { type: 'RecordFailedAttempt'; userId: string }
  | { type: 'GrantElevatedAccess'; userId: string; codeId: string; hours: number }
  | { type: 'RevokeElevatedAccess'; userId: string };

export type AgentAccessState = {
  /** When failed attempts happened (ISO), oldest first; only the current window matters. */
  readonly failures: readonly string[];
  readonly elevatedUntil: string | null;
};

const windowStart = (now: Date) => new Date(now.getTime() - ATTEMPT_WINDOW_MINUTES * 60_000);

/** Failed attempts inside the window ending now. */
export function recentFailures(state: AgentAccessState, now: Date): string[] {
  const from = windowStart(now);
  return state.failures.filter((at) => new Date(at) > from);
}

export function remainingAttempts(state: AgentAccessState, now: Date): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - recentFailures(state, now).length);
}

/** When a locked-out agent may try again (the oldest failure of the window leaving it), or null. */
export function lockedUntil(state: AgentAccessState, now: Date): Date | null {
  const recent = recentFailures(state, now);
  if (recent.length < MAX_FAILED_ATTEMPTS) return null;
  return new Date(new Date(recent[recent.length - MAX_FAILED_ATTEMPTS]!).getTime() + ATTEMPT_WINDOW_MINUTES * 60_000);
}

export function hasElevatedAccess(state: AgentAccessState, now: Date): boolean {
  return state.elevatedUntil !== null && new Date(state.elevatedUntil) > now;
}

export const LOCKED_MESSAGE = 'Too many failed attempts. Please try again later.';

export const agentAccessDecider: Decider<AgentAccessCommand, AgentAccessEvent, AgentAccessState> = {
  initialState: () => ({ failures: [], elevatedUntil: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'AccessCodeAttemptFailed':
        return { ...state, failures: [...state.failures, event.data.at] };
      case 'ElevatedAccessGranted':
        return { failures: [], elevatedUntil: event.data.expiresAt };
      case 'ElevatedAccessRevoked':
        return { ...state, elevatedUntil: null };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, now) {
    switch (command.type) {
      case 'RecordFailedAttempt':
        if (lockedUntil(state, now)) throw new DomainError('ACCESS_CODE_LOCKED', LOCKED_MESSAGE, 423, { remainingAttempts: 0 });
        return [{ type: 'AccessCodeAttemptFailed', data: { userId: command.userId, at: now.toISOString() } }];
      case 'GrantElevatedAccess':
        if (lockedUntil(state, now)) throw new DomainError('ACCESS_CODE_LOCKED', LOCKED_MESSAGE, 423, { remainingAttempts: 0 });
        return [
          {
            type: 'ElevatedAccessGranted',
            data: { userId: command.userId, codeId: command.codeId, expiresAt: new Date(now.getTime() + command.hours * 3_600_000).toISOString() },
          },
        ];
      case 'RevokeElevatedAccess':
        return state.elevatedUntil === null ? [] : [{ type: 'ElevatedAccessRevoked', data: { userId: command.userId } }];
      default:
        return assertNever(command);
    }
  },
};
