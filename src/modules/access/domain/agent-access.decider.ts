import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';

export const MAX_FAILED_ATTEMPTS = 5;
export const ATTEMPT_WINDOW_MINUTES = 15;

/**
 * An agent's elevated access, and the code attempts that lead to a lockout. A code that
 * matches a known code is first a pending redemption here (it counts as an attempt until the
 * code has said yes); the code's own stream decides whether it may still be used, and the
 * outcome comes back as a grant or as a failed attempt (see docs/processes.md).
 */
export type AgentAccessEvent =
  | { type: 'AccessCodeAttemptFailed'; data: { userId: string; at: string; redemptionId?: string } }
  | { type: 'AccessCodeRedemptionRequested'; data: { userId: string; redemptionId: string; codeId: string; at: string } }
  | { type: 'ElevatedAccessGranted'; data: { userId: string; codeId: string; expiresAt: string; redemptionId?: string } }
  | { type: 'ElevatedAccessRevoked'; data: { userId: string } };

export type RedemptionOutcome = { readonly granted: true; readonly hours: number; readonly redeemedAt: string } | { readonly granted: false };

export type AgentAccessCommand =
  | { type: 'RecordFailedAttempt'; userId: string }
  | { type: 'RequestRedemption'; userId: string; codeId: string; redemptionId: string }
  | { type: 'CompleteRedemption'; userId: string; redemptionId: string; outcome: RedemptionOutcome }
  | { type: 'RevokeElevatedAccess'; userId: string };

export type PendingRedemption = { readonly redemptionId: string; readonly codeId: string; readonly at: string };

export type AgentAccessState = {
  /** When failed attempts happened (ISO), oldest first; only the current window matters. */
  readonly failures: readonly string[];
  /** Redemptions the code has not answered yet. */
  readonly pending: readonly PendingRedemption[];
  readonly elevatedUntil: string | null;
};

const windowStart = (now: Date) => new Date(now.getTime() - ATTEMPT_WINDOW_MINUTES * 60_000);

/** Attempts that count inside the window ending now: failures, and redemptions still pending. Oldest first. */
export function recentAttempts(state: AgentAccessState, now: Date): string[] {
  const from = windowStart(now);
  return [...state.failures, ...state.pending.map((p) => p.at)].filter((at) => new Date(at) > from).sort();
}

export function remainingAttempts(state: AgentAccessState, now: Date): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - recentAttempts(state, now).length);
}

/** When a locked-out agent may try again (the oldest attempt of the window leaving it), or null. */
export function lockedUntil(state: AgentAccessState, now: Date): Date | null {
  const recent = recentAttempts(state, now);
  if (recent.length < MAX_FAILED_ATTEMPTS) return null;
  return new Date(new Date(recent[recent.length - MAX_FAILED_ATTEMPTS]!).getTime() + ATTEMPT_WINDOW_MINUTES * 60_000);
}

export function hasElevatedAccess(state: AgentAccessState, now: Date): boolean {
  return state.elevatedUntil !== null && new Date(state.elevatedUntil) > now;
}

/** The redemption of this code still under way, if one was asked for inside the current window. */
export const pendingRedemptionOf = (state: AgentAccessState, codeId: string, now: Date) =>
  state.pending.find((p) => p.codeId === codeId && new Date(p.at) > windowStart(now)) ?? null;

export const LOCKED_MESSAGE = 'Too many failed attempts. Please try again later.';

const withoutPending = (state: AgentAccessState, redemptionId: string | undefined) =>
  redemptionId === undefined ? state.pending : state.pending.filter((p) => p.redemptionId !== redemptionId);

function refuseWhenLocked(state: AgentAccessState, now: Date): void {
  if (lockedUntil(state, now)) throw new DomainError('ACCESS_CODE_LOCKED', LOCKED_MESSAGE, 423, { remainingAttempts: 0 });
}

export const agentAccessDecider: Decider<AgentAccessCommand, AgentAccessEvent, AgentAccessState> = {
  initialState: () => ({ failures: [], pending: [], elevatedUntil: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'AccessCodeAttemptFailed':
        return { ...state, failures: [...state.failures, event.data.at], pending: withoutPending(state, event.data.redemptionId) };
      case 'AccessCodeRedemptionRequested':
        return { ...state, pending: [...state.pending, { redemptionId: event.data.redemptionId, codeId: event.data.codeId, at: event.data.at }] };
      case 'ElevatedAccessGranted':
        return { failures: [], pending: withoutPending(state, event.data.redemptionId), elevatedUntil: event.data.expiresAt };
      case 'ElevatedAccessRevoked':
        return { ...state, elevatedUntil: null };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, now) {
    switch (command.type) {
      case 'RecordFailedAttempt':
        refuseWhenLocked(state, now);
        return [{ type: 'AccessCodeAttemptFailed', data: { userId: command.userId, at: now.toISOString() } }];
      case 'RequestRedemption':
        refuseWhenLocked(state, now);
        // The same code sent again while it is being checked (a double click) waits for that check.
        if (pendingRedemptionOf(state, command.codeId, now)) return [];
        return [
          {
            type: 'AccessCodeRedemptionRequested',
            data: { userId: command.userId, redemptionId: command.redemptionId, codeId: command.codeId, at: now.toISOString() },
          },
        ];
      case 'CompleteRedemption': {
        // Never refused: the attempt was counted when it was requested. A repeat finds nothing pending.
        const pending = state.pending.find((p) => p.redemptionId === command.redemptionId);
        if (!pending) return [];
        if (!command.outcome.granted) {
          return [{ type: 'AccessCodeAttemptFailed', data: { userId: command.userId, at: pending.at, redemptionId: pending.redemptionId } }];
        }
        const expiresAt = new Date(new Date(command.outcome.redeemedAt).getTime() + command.outcome.hours * 3_600_000).toISOString();
        return [{ type: 'ElevatedAccessGranted', data: { userId: command.userId, codeId: pending.codeId, expiresAt, redemptionId: pending.redemptionId } }];
      }
      case 'RevokeElevatedAccess':
        return state.elevatedUntil === null ? [] : [{ type: 'ElevatedAccessRevoked', data: { userId: command.userId } }];
      default:
        return assertNever(command);
    }
  },
};
