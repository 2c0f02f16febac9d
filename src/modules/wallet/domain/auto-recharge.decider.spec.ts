import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { fold } from '../../../platform/domain/decider.js';
import { dayIn } from '../../../platform/time/org-time.js';
import { autoRechargeDecider, PENDING_TIMEOUT_MS, type AutoRechargeEvent } from './auto-recharge.decider.js';

const given = givenWhenThen(autoRechargeDecider);
const now = new Date('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const U = 'u1';
const settings = { enabled: true, thresholdCents: 2_000, amountCents: 5_000, cardId: 'card_1', dailyCapCents: 10_000 };
const configured: AutoRechargeEvent = { type: 'AutoRechargeConfigured', data: { userId: U, ...settings } };
const trigger = (attemptId: string, availableCents = 1_500, walletPaymentIds: string[] = ['pay-a1', 'pay-a2']) => ({
  type: 'Trigger' as const,
  userId: U,
  attemptId,
  availableCents,
  causeEventId: `ev-${attemptId}`,
  walletPaymentIds,
  timeZone: 'America/New_York',
});
const started = (attemptId: string, at = now): AutoRechargeEvent => ({
  type: 'AutoRechargeStarted',
  data: {
    userId: U,
    attemptId,
    amountCents: 5_000,
    cardId: 'card_1',
    availableCents: 1_500,
    thresholdCents: 2_000,
    causeEventId: `ev-${attemptId}`,
    day: dayIn(at, 'America/New_York'),
    startedAt: at.toISOString(),
  },
});
const succeeded = (attemptId: string): AutoRechargeEvent => ({
  type: 'AutoRechargeSucceeded',
  data: { userId: U, attemptId, paymentId: `pay-${attemptId}`, amountCents: 5_000, at: now.toISOString() },
});
const failed = (attemptId: string): AutoRechargeEvent => ({ type: 'AutoRechargeFailed', data: { userId: U, attemptId, message: 'Your card was declined.' } });
const fail = (attemptId: string) => ({
  type: 'RecordOutcome' as const,
  userId: U,
  attemptId,
  outcome: { succeeded: false as const, message: 'Your card was declined.' },
});

describe('auto-recharge', () => {
  it('charges the set amount when the available balance falls below the threshold, once at a time', () => {
    given([configured])
      .when(trigger('a1'), now)
      .then([started('a1')]);
    given([configured]).when(trigger('a1', 2_000), now).then([]);
    given([configured, started('a1')])
      .when(trigger('a2'), later(60_000))
      .then([]);
    // A charge whose outcome never came stops blocking after the timeout.
    given([configured, started('a1')])
      .when(trigger('a2'), later(PENDING_TIMEOUT_MS + 1))
      .then([started('a2', later(PENDING_TIMEOUT_MS + 1))]);
  });

  it('waits for the last successful charge to reach the wallet before judging the balance again', () => {
    given([configured, started('a1'), succeeded('a1')])
      .when(trigger('a2', 1_500, []), later(1_000))
      .then([]);
    given([configured, started('a1'), succeeded('a1')])
      .when(trigger('a2', 1_500, ['pay-a1']), later(1_000))
      .then([started('a2', later(1_000))]);
    given([configured, started('a1'), succeeded('a1')])
      .when(trigger('a2', 1_500, []), later(PENDING_TIMEOUT_MS + 1))
      .then([started('a2', later(PENDING_TIMEOUT_MS + 1))]);
  });

  it('does nothing while switched off', () => {
    given([{ type: 'AutoRechargeConfigured', data: { userId: U, ...settings, enabled: false } }])
      .when(trigger('a1'), now)
      .then([]);
    given([]).when(trigger('a1'), now).then([]);
  });

  it('keeps to the daily cap of a New York day, and a failed charge does not count against it', () => {
    const twoToday = [configured, started('a1'), succeeded('a1'), started('a2'), succeeded('a2')];
    given(twoToday).when(trigger('a3'), now).then([]);
    // 02:00 UTC on the 24th is still the 23rd in New York.
    given(twoToday).when(trigger('a3'), new Date('2026-11-24T02:00:00Z')).then([]);
    const afterMidnight = new Date('2026-11-24T05:00:01Z');
    given(twoToday)
      .when(trigger('a3'), afterMidnight)
      .then([started('a3', afterMidnight)]);
    expect(started('a3', afterMidnight).data).toMatchObject({ day: '2026-11-24' });
    given([configured, started('a1'), failed('a1'), started('a2'), succeeded('a2')])
      .when(trigger('a3'), now)
      .then([started('a3')]);
  });

  it('pauses itself after two failed charges in a row, until the agent saves the settings again', () => {
    given([configured, started('a1')])
      .when(fail('a1'), now)
      .then([failed('a1')]);
    const secondFailure = given([configured, started('a1'), failed('a1'), started('a2')]).when(fail('a2'), now);
    secondFailure.then([
      failed('a2'),
      { type: 'AutoRechargePaused', data: { userId: U, reason: '2 charges in a row failed; the last said: Your card was declined.' } },
    ]);
    const paused = [
      configured,
      started('a1'),
      failed('a1'),
      started('a2'),
      failed('a2'),
      { type: 'AutoRechargePaused', data: { userId: U, reason: 'x' } } as AutoRechargeEvent,
    ];
    given(paused).when(trigger('a3'), later(1)).then([]);
    expect(fold(autoRechargeDecider, [...paused, configured])).toMatchObject({ paused: false, failuresInARow: 0 });
    // A success in between resets the count.
    given([configured, started('a1'), failed('a1'), started('a2'), succeeded('a2'), started('a3')])
      .when(fail('a3'), now)
      .then([failed('a3')]);
  });

  it('records an outcome only for the attempt under way', () => {
    given([configured, started('a1')])
      .when({ type: 'RecordOutcome', userId: U, attemptId: 'other', outcome: { succeeded: true, paymentId: 'p' } }, now)
      .then([]);
    given([configured, started('a1'), succeeded('a1')])
      .when({ type: 'RecordOutcome', userId: U, attemptId: 'a1', outcome: { succeeded: true, paymentId: 'pay-a1' } }, now)
      .then([]);
    given([configured, started('a1')])
      .when({ type: 'RecordOutcome', userId: U, attemptId: 'a1', outcome: { succeeded: true, paymentId: 'pay-a1' } }, now)
      .then([succeeded('a1')]);
  });

  it('refuses settings outside the Add Balance limits or without a card', () => {
    const configure = (overrides: Partial<typeof settings>) => ({ type: 'Configure' as const, userId: U, ...settings, ...overrides });
    given([])
      .when(configure({ amountCents: 499 }), now)
      .thenRefuses('INVALID_AUTO_RECHARGE', 'Amount must be between $5 and $5,000');
    given([])
      .when(configure({ dailyCapCents: 4_999 }), now)
      .thenRefuses('INVALID_AUTO_RECHARGE');
    given([])
      .when(configure({ cardId: '' }), now)
      .thenRefuses('INVALID_AUTO_RECHARGE', 'Choose a saved card to charge');
    given([]).when(configure({}), now).then([configured]);
  });
});
