import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';

import { localTime } from '../../../../platform/time/org-time.js';
import { slaClocks, slaDeadlines, type SlaFacts, type SlaPolicy } from './sla-clock.js';
import { describeSlaClock, formatBusinessDuration } from './sla-display.js';

const NY = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const policy: SlaPolicy = {
  calendar: { zone: NY, weekdays: new Set([1, 2, 3, 4, 5]), opensAtMinute: 9 * 60, closesAtMinute: 17 * 60, holidays: new Set(), federalHolidays: false },
  targets: {
    High: { firstResponseMs: HOUR, resolutionMs: 8 * HOUR },
    Med: { firstResponseMs: 4 * HOUR, resolutionMs: 24 * HOUR },
    Low: { firstResponseMs: 8 * HOUR, resolutionMs: 40 * HOUR },
  },
  warnBeforeMs: HOUR,
};

/** '2026-11-23 10:00' in New York (a Monday). */
const at = (local: string): Date => {
  const [y, mo, d, h, mi] = local.split(/[- :]/).map(Number) as [number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, 0, NY).getTime());
};
const wall = (instant: Date | null) => (instant === null ? null : localTime(instant, NY).slice(0, 16));
const ticket = (facts: Partial<SlaFacts> & Pick<SlaFacts, 'openedAt'>): SlaFacts => ({
  priority: 'High',
  pauses: [],
  firstRespondedAt: null,
  resolvedAt: null,
  ...facts,
});
const seen = (clock: ReturnType<typeof slaClocks>['firstResponse']) => ({ ...clock, dueAt: wall(clock.dueAt), warnAt: wall(clock.warnAt) });

describe('the deadlines of a help request', () => {
  it('run from the opening in business hours', () => {
    const due = slaDeadlines(policy, 'High', at('2026-11-27 16:30'));
    expect({ firstResponse: wall(due.firstResponseDueAt), resolution: wall(due.resolutionDueAt) }).toEqual({
      firstResponse: '2026-11-30 09:30',
      resolution: '2026-11-30 16:30',
    });
  });

  it('start afresh when a paused clock resumes, with what it had used taken off', () => {
    const due = slaDeadlines(policy, 'Med', at('2026-11-24 15:00'), { firstResponseMs: 3 * HOUR, resolutionMs: 20 * HOUR });
    expect({ firstResponse: wall(due.firstResponseDueAt), resolution: wall(due.resolutionDueAt) }).toEqual({
      firstResponse: '2026-11-24 16:00',
      resolution: '2026-11-25 11:00',
    });
  });

  it('are due at once for a clock that had already run out', () => {
    expect(slaDeadlines(policy, 'High', at('2026-11-24 15:00'), { firstResponseMs: 2 * HOUR, resolutionMs: 0 }).firstResponseDueAt).toEqual(
      at('2026-11-24 15:00'),
    );
  });
});

describe('the clocks of a help request', () => {
  it('run from the opening, the warning due the warning period before the deadline', () => {
    const clocks = slaClocks(policy, ticket({ openedAt: at('2026-11-23 10:00') }), at('2026-11-23 10:20'));
    expect(seen(clocks.firstResponse)).toEqual({
      state: 'running',
      dueAt: '2026-11-23 11:00',
      warnAt: '2026-11-23 10:00',
      usedMs: 20 * MINUTE,
      remainingMs: 40 * MINUTE,
    });
    expect(seen(clocks.resolution)).toEqual({
      state: 'running',
      dueAt: '2026-11-24 10:00',
      warnAt: '2026-11-23 17:00',
      usedMs: 20 * MINUTE,
      remainingMs: 460 * MINUTE,
    });
  });

  it('carry a Friday afternoon opening over the weekend', () => {
    const clocks = slaClocks(policy, ticket({ openedAt: at('2026-11-27 16:30'), priority: 'Med' }), at('2026-11-28 12:00'));
    expect(seen(clocks.firstResponse)).toEqual({
      state: 'running',
      dueAt: '2026-11-30 12:30',
      warnAt: '2026-11-30 11:30',
      usedMs: 30 * MINUTE,
      remainingMs: 210 * MINUTE,
    });
  });

  it('are met by the first admin reply in time, and stop there', () => {
    const facts = ticket({ openedAt: at('2026-11-23 10:00'), firstRespondedAt: at('2026-11-23 10:45') });
    const clock = slaClocks(policy, facts, at('2026-11-25 12:00')).firstResponse;
    expect(seen(clock)).toEqual({ state: 'met', dueAt: '2026-11-23 11:00', warnAt: null, usedMs: 45 * MINUTE, remainingMs: 15 * MINUTE });
    expect(slaClocks(policy, facts, at('2026-12-25 12:00')).firstResponse).toEqual(clock);
  });

  it('are met by a reply at the deadline itself, to the millisecond, and breached a millisecond after it', () => {
    const open = ticket({ openedAt: at('2026-11-23 10:00') });
    const deadline = at('2026-11-23 11:00');
    const onTime = slaClocks(policy, { ...open, firstRespondedAt: deadline }, at('2026-11-24 12:00')).firstResponse;
    expect(seen(onTime)).toMatchObject({ state: 'met', dueAt: '2026-11-23 11:00', remainingMs: 0 });
    const late = slaClocks(policy, { ...open, firstRespondedAt: new Date(deadline.getTime() + 1) }, at('2026-11-24 12:00')).firstResponse;
    expect(late.state).toBe('breached');
    // Read at the deadline, an unanswered request is still running; a millisecond later it is breached.
    expect(slaClocks(policy, open, deadline).firstResponse.state).toBe('running');
    expect(slaClocks(policy, open, new Date(deadline.getTime() + 1)).firstResponse.state).toBe('breached');
  });

  it('are breached once the deadline passes, and stay breached when met late', () => {
    const open = ticket({ openedAt: at('2026-11-23 10:00') });
    expect(seen(slaClocks(policy, open, at('2026-11-23 11:30')).firstResponse)).toEqual({
      state: 'breached',
      dueAt: '2026-11-23 11:00',
      warnAt: '2026-11-23 10:00',
      usedMs: 90 * MINUTE,
      remainingMs: -30 * MINUTE,
    });
    const late = slaClocks(policy, { ...open, firstRespondedAt: at('2026-11-23 11:15') }, at('2026-11-24 11:30')).firstResponse;
    expect(seen(late)).toEqual({ state: 'breached', dueAt: '2026-11-23 11:00', warnAt: null, usedMs: 75 * MINUTE, remainingMs: -15 * MINUTE });
  });

  it('count a reply on Saturday to a deadline of Friday closing as late, though no business time passed', () => {
    const clock = slaClocks(
      policy,
      ticket({ openedAt: at('2026-11-27 16:00'), firstRespondedAt: at('2026-11-28 10:00') }),
      at('2026-11-28 10:05'),
    ).firstResponse;
    expect(seen(clock)).toMatchObject({ state: 'breached', dueAt: '2026-11-27 17:00', remainingMs: 0 });
    expect(describeSlaClock(clock)).toBe('Overdue');
  });

  it('pause while the request waits on its agent, over a weekend, and run on from where they were', () => {
    const opened = ticket({ openedAt: at('2026-11-20 10:00'), priority: 'Low', firstRespondedAt: at('2026-11-20 11:00') });
    const waiting = { ...opened, pauses: [{ from: at('2026-11-20 11:00'), to: null }] };
    expect(seen(slaClocks(policy, waiting, at('2026-11-23 12:00')).resolution)).toEqual({
      state: 'paused',
      dueAt: null,
      warnAt: null,
      usedMs: HOUR,
      remainingMs: 39 * HOUR,
    });

    const answered = { ...opened, pauses: [{ from: at('2026-11-20 11:00'), to: at('2026-11-24 10:00') }] };
    const clocks = slaClocks(policy, answered, at('2026-11-24 12:00'));
    expect(seen(clocks.resolution)).toEqual({
      state: 'running',
      dueAt: '2026-11-30 17:00',
      warnAt: '2026-11-30 16:00',
      usedMs: 3 * HOUR,
      remainingMs: 37 * HOUR,
    });
    expect(seen(clocks.firstResponse)).toMatchObject({ state: 'met', usedMs: HOUR });
    expect(clocks.resolution.dueAt).toEqual(slaDeadlines(policy, 'Low', at('2026-11-24 10:00'), { firstResponseMs: HOUR, resolutionMs: HOUR }).resolutionDueAt);
  });

  it('stay breached while paused once they had run out before the pause', () => {
    const facts = ticket({
      openedAt: at('2026-11-23 10:00'),
      firstRespondedAt: at('2026-11-23 10:30'),
      pauses: [
        { from: at('2026-11-24 11:00'), to: null },
        { from: at('2026-11-23 10:30'), to: at('2026-11-23 11:00') },
      ],
    });
    expect(seen(slaClocks(policy, facts, at('2026-11-25 12:00')).resolution)).toEqual({
      state: 'breached',
      dueAt: '2026-11-24 10:30',
      warnAt: '2026-11-24 09:30',
      usedMs: 8.5 * HOUR,
      remainingMs: -0.5 * HOUR,
    });
  });

  it('count overlapping pauses once, and none before the opening', () => {
    const facts = ticket({
      openedAt: at('2026-11-23 10:00'),
      priority: 'Med',
      pauses: [
        { from: at('2026-11-23 08:00'), to: at('2026-11-23 10:30') },
        { from: at('2026-11-23 11:00'), to: at('2026-11-23 12:00') },
        { from: at('2026-11-23 11:30'), to: at('2026-11-23 12:30') },
      ],
    });
    expect(slaClocks(policy, facts, at('2026-11-23 13:00')).firstResponse.usedMs).toBe(HOUR);
  });

  it('stop the first-response clock too when a request is resolved before any reply', () => {
    const facts = ticket({ openedAt: at('2026-11-23 10:00'), resolvedAt: at('2026-11-23 10:30') });
    const clocks = slaClocks(policy, facts, at('2026-11-23 12:00'));
    expect([clocks.firstResponse.state, clocks.firstResponse.usedMs, clocks.resolution.state]).toEqual(['met', 30 * MINUTE, 'met']);
  });

  it('run from the start on a request opened after now (a clock read early)', () => {
    const clock = slaClocks(policy, ticket({ openedAt: at('2026-11-23 10:00') }), at('2026-11-23 09:00')).firstResponse;
    expect(seen(clock)).toEqual({ state: 'running', dueAt: '2026-11-23 11:00', warnAt: '2026-11-23 10:00', usedMs: 0, remainingMs: HOUR });
  });
});

describe('a clock on the screen', () => {
  it('shows business time left, paused, met or overdue', () => {
    const clock = { dueAt: null, warnAt: null, usedMs: 0 };
    expect(describeSlaClock({ ...clock, state: 'running', remainingMs: 3 * HOUR + 20 * MINUTE + 59_999 })).toBe('3h 20m left');
    expect(describeSlaClock({ ...clock, state: 'running', remainingMs: 45 * MINUTE })).toBe('45m left');
    expect(describeSlaClock({ ...clock, state: 'paused', remainingMs: 27 * HOUR })).toBe('Paused, 27h 0m left');
    expect(describeSlaClock({ ...clock, state: 'met', remainingMs: 5 * MINUTE })).toBe('Met');
    expect(describeSlaClock({ ...clock, state: 'breached', remainingMs: -(2 * HOUR + 5 * MINUTE) })).toBe('2h 5m overdue');
    expect(describeSlaClock({ ...clock, state: 'breached', remainingMs: -30_000 })).toBe('Overdue');
  });

  it('writes a duration in hours and whole minutes', () => {
    expect([formatBusinessDuration(0), formatBusinessDuration(59_999), formatBusinessDuration(-61 * MINUTE), formatBusinessDuration(400 * HOUR)]).toEqual([
      '0m',
      '0m',
      '1h 1m',
      '400h 0m',
    ]);
  });
});
