import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { PRIORITIES } from '../../contracts/ticket-values.js';
import { businessTimeBetween } from './business-calendar.js';
import { slaClocks, slaDeadlines, type SlaFacts, type SlaPause, type SlaPolicy } from './sla-clock.js';

/*
 * A help request's clocks read at any moment: opened any time in 2026-2027, paused any number of
 * times (the pauses drawn as minutes after the opening, the last maybe still open), answered and
 * resolved or not, read up to four weeks later.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const policy: SlaPolicy = {
  calendar: {
    zone: 'America/New_York',
    weekdays: new Set([1, 2, 3, 4, 5]),
    opensAtMinute: 8 * 60 + 30,
    closesAtMinute: 17 * 60,
    holidays: new Set(['2026-11-26', '2026-12-25', '2027-01-01']),
    federalHolidays: false,
  },
  targets: {
    High: { firstResponseMs: HOUR, resolutionMs: 8 * HOUR },
    Med: { firstResponseMs: 4 * HOUR, resolutionMs: 24 * HOUR },
    Low: { firstResponseMs: 8 * HOUR, resolutionMs: 40 * HOUR },
  },
  warnBeforeMs: HOUR,
};
const { calendar } = policy;

const FOUR_WEEKS = 28 * 24 * 60;
const minutesLater = fc.integer({ min: 0, max: FOUR_WEEKS });
const openedAt = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-01T00:00:00Z'), noInvalidDate: true });
const pauseAt = fc.record({ from: minutesLater, length: fc.option(fc.integer({ min: 1, max: 5 * 24 * 60 }), { freq: 5 }) });
const facts = fc
  .record({
    openedAt,
    priority: fc.constantFrom(...PRIORITIES),
    pauses: fc.array(pauseAt, { maxLength: 4 }),
    firstResponse: fc.option(minutesLater),
    resolution: fc.option(minutesLater),
  })
  .map(({ openedAt, priority, pauses, firstResponse, resolution }): SlaFacts => {
    const after = (minutes: number) => new Date(openedAt.getTime() + minutes * MINUTE);
    return {
      openedAt,
      priority,
      pauses: pauses.map(({ from, length }) => ({ from: after(from), to: length === null ? null : after(from + length) })),
      firstRespondedAt: firstResponse === null ? null : after(firstResponse),
      resolvedAt: resolution === null ? null : after(resolution),
    };
  });
const unanswered = facts.map((f): SlaFacts => ({ ...f, firstRespondedAt: null, resolvedAt: null }));
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);
const runs = { numRuns: 250 };

/** Business time paused inside [from, to), each moment once however many pauses cover it. */
const pausedBusinessTime = (pauses: readonly SlaPause[], from: Date, to: Date): number => {
  const cut = pauses
    .map((p) => [Math.max(p.from.getTime(), from.getTime()), Math.min(p.to?.getTime() ?? Infinity, to.getTime())] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let reached = from.getTime();
  for (const [a, b] of cut) {
    const start = Math.max(a, reached);
    if (b > start) total += businessTimeBetween(new Date(start), new Date(b), calendar);
    reached = Math.max(reached, b);
  }
  return total;
};

describe('the clocks of any help request', () => {
  it('count the business time since the opening, less the time paused', () => {
    fc.assert(
      fc.property(unanswered, minutesLater, (f, minutes) => {
        const now = later(f.openedAt, minutes);
        const expected = businessTimeBetween(f.openedAt, now, calendar) - pausedBusinessTime(f.pauses, f.openedAt, now);
        const clocks = slaClocks(policy, f, now);
        expect(clocks.firstResponse.usedMs).toBe(expected);
        expect(clocks.resolution.usedMs).toBe(expected);
      }),
      runs,
    );
  });

  it('never count less as time goes by; once breached stay breached, once met stay as they were', () => {
    fc.assert(
      fc.property(facts, minutesLater, minutesLater, (f, a, b) => {
        const [early, late] = [slaClocks(policy, f, later(f.openedAt, Math.min(a, b))), slaClocks(policy, f, later(f.openedAt, Math.max(a, b)))];
        expect(late.firstResponse.usedMs).toBeGreaterThanOrEqual(early.firstResponse.usedMs);
        expect(late.resolution.usedMs).toBeGreaterThanOrEqual(early.resolution.usedMs);
        if (early.resolution.state === 'breached') expect(late.resolution.state).toBe('breached');
        if (early.resolution.state === 'met') expect(late.resolution).toEqual(early.resolution);
      }),
      runs,
    );
  });

  it('running, have exactly the business time left until the deadline, the warning before it', () => {
    fc.assert(
      fc.property(facts, minutesLater, (f, minutes) => {
        const now = later(f.openedAt, minutes);
        for (const clock of Object.values(slaClocks(policy, f, now))) {
          if (clock.state !== 'running') continue;
          expect(clock.remainingMs).toBeGreaterThanOrEqual(0);
          expect(businessTimeBetween(now, clock.dueAt!, calendar)).toBe(clock.remainingMs);
          expect(clock.warnAt!.getTime()).toBeLessThanOrEqual(clock.dueAt!.getTime());
        }
      }),
      runs,
    );
  });

  it('are breached exactly when the deadline has passed, paused only before it', () => {
    fc.assert(
      fc.property(facts, minutesLater, (f, minutes) => {
        const now = later(f.openedAt, minutes);
        const clocks = slaClocks(policy, f, now);
        for (const [clock, stoppedAt] of [
          [clocks.firstResponse, [f.firstRespondedAt, f.resolvedAt].filter((at) => at !== null).sort((x, y) => x.getTime() - y.getTime())[0] ?? null],
          [clocks.resolution, f.resolvedAt],
        ] as const) {
          if (clock.state === 'paused') {
            expect([clock.dueAt, clock.remainingMs >= 0]).toEqual([null, true]);
            continue;
          }
          const stopped = stoppedAt !== null && stoppedAt <= now ? stoppedAt : now;
          expect(clock.state === 'breached').toBe(stopped.getTime() > clock.dueAt!.getTime());
          if (clock.state === 'breached') expect(clock.remainingMs).toBeLessThanOrEqual(0);
        }
      }),
      runs,
    );
  });

  it('resuming after a pause, are due when the deadlines computed afresh from the resumption say', () => {
    fc.assert(
      fc.property(unanswered, minutesLater, fc.integer({ min: 1, max: FOUR_WEEKS }), (f, pausedAfter, pauseLength) => {
        const pause = { from: later(f.openedAt, pausedAfter), to: later(f.openedAt, pausedAfter + pauseLength) };
        const before = slaClocks(policy, { ...f, pauses: [] }, pause.from);
        fc.pre(before.resolution.state === 'running' && before.resolution.remainingMs > 0);
        const resumed = slaClocks(policy, { ...f, pauses: [pause] }, pause.to);
        const fresh = slaDeadlines(policy, f.priority, pause.to, { firstResponseMs: before.firstResponse.usedMs, resolutionMs: before.resolution.usedMs });
        expect(resumed.resolution.dueAt).toEqual(fresh.resolutionDueAt);
        expect(resumed.resolution.usedMs).toBe(before.resolution.usedMs);
      }),
      runs,
    );
  });
});
