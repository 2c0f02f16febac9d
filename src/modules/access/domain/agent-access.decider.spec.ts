import { describe, expect, it } from 'vitest';
import { fold } from '../../../platform/domain/decider.js';
import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { agentAccessDecider, hasElevatedAccess, lockedUntil, remainingAttempts, type AgentAccessEvent } from './agent-access.decider.js';

const given = givenWhenThen(agentAccessDecider);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const failed = (minute: number): AgentAccessEvent => ({ type: 'AccessCodeAttemptFailed', data: { userId: 'u1', at: at(minute).toISOString() } });
const fail = { type: 'RecordFailedAttempt' as const, userId: 'u1' };
const grant = { type: 'GrantElevatedAccess' as const, userId: 'u1', codeId: 'c1', hours: 8 };

describe("an agent's access", () => {
  it('records a failed attempt and counts the attempts left down from 5', () => {
    given([]).when(fail, at(0)).then([failed(0)]);
    const state = fold(agentAccessDecider, [failed(0), failed(1), failed(2)]);
    expect(remainingAttempts(state, at(3))).toBe(2);
  });

  it('locks after 5 failures within 15 minutes, for code checks and grants alike', () => {
    const five = [failed(0), failed(1), failed(2), failed(3), failed(4)];
    const refusal = given(five).when(fail, at(5)).thenRefuses('ACCESS_CODE_LOCKED', 'Too many failed attempts. Please try again later.');
    expect(refusal.status).toBe(423);
    expect(refusal.details).toEqual({ remainingAttempts: 0 });
    given(five).when(grant, at(5)).thenRefuses('ACCESS_CODE_LOCKED');
    expect(lockedUntil(fold(agentAccessDecider, five), at(5))).toEqual(at(15));
  });

  it('forgets failures older than 15 minutes', () => {
    const five = [failed(0), failed(1), failed(2), failed(3), failed(4)];
    // At 12:15 the failure of 12:00 has left the window: one attempt is back.
    expect(remainingAttempts(fold(agentAccessDecider, five), at(15))).toBe(1);
    given(five).when(fail, at(15)).then([failed(15)]);
  });

  it('grants elevated access for the code’s hours and clears the failures', () => {
    given([failed(0)]).when(grant, at(1)).then([{ type: 'ElevatedAccessGranted', data: { userId: 'u1', codeId: 'c1', expiresAt: '2026-11-22T20:01:00.000Z' } }]);
    const state = fold(agentAccessDecider, [failed(0), { type: 'ElevatedAccessGranted', data: { userId: 'u1', codeId: 'c1', expiresAt: '2026-11-22T20:01:00.000Z' } }]);
    expect(state.failures).toEqual([]);
    expect(hasElevatedAccess(state, new Date('2026-11-22T20:00:59Z'))).toBe(true);
    expect(hasElevatedAccess(state, new Date('2026-11-22T20:01:00Z'))).toBe(false);
  });

  it('revokes elevated access that is there, and does nothing otherwise', () => {
    const granted: AgentAccessEvent = { type: 'ElevatedAccessGranted', data: { userId: 'u1', codeId: 'c1', expiresAt: '2026-11-22T20:00:00.000Z' } };
    given([granted]).when({ type: 'RevokeElevatedAccess', userId: 'u1' }, at(2)).then([{ type: 'ElevatedAccessRevoked', data: { userId: 'u1' } }]);
    given([]).when({ type: 'RevokeElevatedAccess', userId: 'u1' }, at(2)).then([]);
  });
});
