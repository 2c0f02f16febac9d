import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { fold } from '../../../platform/domain/decider.js';
import { agentAccessDecider, hasElevatedAccess, lockedUntil, remainingAttempts, type AgentAccessEvent } from './agent-access.decider.js';

const given = givenWhenThen(agentAccessDecider);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const failed = (minute: number, redemptionId?: string): AgentAccessEvent => ({
  type: 'AccessCodeAttemptFailed',
  data: { userId: 'u1', at: at(minute).toISOString(), ...(redemptionId ? { redemptionId } : {}) },
});
const requested = (minute: number, redemptionId = 'r1', codeId = 'c1'): AgentAccessEvent => ({
  type: 'AccessCodeRedemptionRequested',
  data: { userId: 'u1', redemptionId, codeId, at: at(minute).toISOString() },
});
const granted = (expiresAt: string, redemptionId = 'r1'): AgentAccessEvent => ({
  type: 'ElevatedAccessGranted',
  data: { userId: 'u1', codeId: 'c1', expiresAt, redemptionId },
});
const fail = { type: 'RecordFailedAttempt' as const, userId: 'u1' };
const request = (redemptionId = 'r1', codeId = 'c1') => ({ type: 'RequestRedemption' as const, userId: 'u1', codeId, redemptionId });
const complete = (outcome: { granted: true; hours: number; redeemedAt: string } | { granted: false }, redemptionId = 'r1') => ({
  type: 'CompleteRedemption' as const,
  userId: 'u1',
  redemptionId,
  outcome,
});

describe("an agent's access", () => {
  it('records a failed attempt and counts the attempts left down from 5', () => {
    given([])
      .when(fail, at(0))
      .then([failed(0)]);
    const state = fold(agentAccessDecider, [failed(0), failed(1), failed(2)]);
    expect(remainingAttempts(state, at(3))).toBe(2);
  });

  it('locks after 5 failures within 15 minutes, for wrong codes and right ones alike', () => {
    const five = [failed(0), failed(1), failed(2), failed(3), failed(4)];
    const refusal = given(five).when(fail, at(5)).thenRefuses('ACCESS_CODE_LOCKED', 'Too many failed attempts. Please try again later.');
    expect(refusal.status).toBe(423);
    expect(refusal.details).toEqual({ remainingAttempts: 0 });
    given(five).when(request(), at(5)).thenRefuses('ACCESS_CODE_LOCKED');
    expect(lockedUntil(fold(agentAccessDecider, five), at(5))).toEqual(at(15));
  });

  it('forgets failures older than 15 minutes', () => {
    const five = [failed(0), failed(1), failed(2), failed(3), failed(4)];
    // At 12:15 the failure of 12:00 has left the window: one attempt is back.
    expect(remainingAttempts(fold(agentAccessDecider, five), at(15))).toBe(1);
    given(five)
      .when(fail, at(15))
      .then([failed(15)]);
  });

  it('counts a redemption the code has not answered yet as an attempt, so no more than 5 are ever in flight', () => {
    given([])
      .when(request(), at(0))
      .then([requested(0)]);
    const pending = [failed(0), failed(1), failed(2), requested(3, 'r1', 'c1'), requested(3, 'r2', 'c2')];
    expect(remainingAttempts(fold(agentAccessDecider, pending), at(4))).toBe(0);
    given(pending).when(fail, at(4)).thenRefuses('ACCESS_CODE_LOCKED');
  });

  it('waits for the check already under way when the same code is sent again, unless that check is older than the window', () => {
    given([requested(0)])
      .when(request('r2'), at(0))
      .then([]);
    given([requested(0)])
      .when(request('r2'), at(16))
      .then([requested(16, 'r2')]);
  });

  it('grants elevated access for the code’s hours from when the code was redeemed, and clears the failures', () => {
    given([failed(0), requested(1)])
      .when(complete({ granted: true, hours: 8, redeemedAt: at(1).toISOString() }), at(2))
      .then([granted('2026-11-22T20:01:00.000Z')]);
    const state = fold(agentAccessDecider, [failed(0), requested(1), granted('2026-11-22T20:01:00.000Z')]);
    expect(state.failures).toEqual([]);
    expect(state.pending).toEqual([]);
    expect(hasElevatedAccess(state, new Date('2026-11-22T20:00:59Z'))).toBe(true);
    expect(hasElevatedAccess(state, new Date('2026-11-22T20:01:00Z'))).toBe(false);
  });

  it('turns a redemption the code refused into a failed attempt at the time it was made, even when locked meanwhile', () => {
    const lockedMeanwhile = [requested(0), failed(1), failed(2), failed(3), failed(4)];
    given(lockedMeanwhile)
      .when(complete({ granted: false }), at(5))
      .then([failed(0, 'r1')]);
    expect(remainingAttempts(fold(agentAccessDecider, [...lockedMeanwhile, failed(0, 'r1')]), at(5))).toBe(0);
  });

  it('completes a redemption once: a repeated step stores nothing', () => {
    const done = [requested(0), granted('2026-11-22T20:00:00.000Z')];
    given(done)
      .when(complete({ granted: true, hours: 8, redeemedAt: at(0).toISOString() }), at(1))
      .then([]);
    given([requested(0), failed(0, 'r1')])
      .when(complete({ granted: false }), at(1))
      .then([]);
  });

  it('revokes elevated access that is there, and does nothing otherwise', () => {
    given([granted('2026-11-22T20:00:00.000Z')])
      .when({ type: 'RevokeElevatedAccess', userId: 'u1' }, at(2))
      .then([{ type: 'ElevatedAccessRevoked', data: { userId: 'u1' } }]);
    given([]).when({ type: 'RevokeElevatedAccess', userId: 'u1' }, at(2)).then([]);
  });
});
