import { describe, expect, it } from 'vitest';

import { trainingDaysBetween, trainingStanding } from './training-standing.js';

const dayIds = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8'];
// 2026-03-02 is a Monday.
const standing = (completed: string[], startedOn: string | null, today: string) =>
  trainingStanding({ dayIds, completed: new Set(completed), startedOn, today });

describe('an agent’s standing in their schedule', () => {
  it('counts training days Monday to Saturday, both ends, leaving Sundays out', () => {
    expect(trainingDaysBetween('2026-03-02', '2026-03-02')).toBe(1);
    expect(trainingDaysBetween('2026-03-02', '2026-03-07')).toBe(6);
    expect(trainingDaysBetween('2026-03-02', '2026-03-08')).toBe(6);
    expect(trainingDaysBetween('2026-03-02', '2026-03-09')).toBe(7);
    expect(trainingDaysBetween('2026-03-05', '2026-03-02')).toBe(0);
  });

  it('is not started with nothing saved', () => {
    expect(standing([], null, '2026-03-02')).toEqual({ standing: 'not-started', completedDays: 0, currentDay: null, expectedDay: null });
  });

  it('is on track on the day they started, and behind the next day while day 1 is not complete', () => {
    expect(standing([], '2026-03-02', '2026-03-02')).toMatchObject({ standing: 'on-track', currentDay: 1, expectedDay: 1 });
    expect(standing([], '2026-03-02', '2026-03-03')).toMatchObject({ standing: 'behind', currentDay: 1, expectedDay: 2 });
    expect(standing(['d1'], '2026-03-02', '2026-03-03')).toMatchObject({ standing: 'on-track', currentDay: 2, expectedDay: 2 });
  });

  it('does not count a Sunday against them, and the first open day is the current one even after later days are done', () => {
    expect(standing(['d1', 'd2', 'd3', 'd4', 'd5'], '2026-03-02', '2026-03-08')).toMatchObject({ standing: 'on-track', currentDay: 6, expectedDay: 6 });
    expect(standing(['d1', 'd3', 'd4'], '2026-03-02', '2026-03-05')).toMatchObject({ standing: 'behind', currentDay: 2, completedDays: 3 });
  });

  it('caps the expected day at the schedule’s length and is finished with every day complete', () => {
    expect(standing(['d1'], '2026-03-02', '2026-06-01')).toMatchObject({ standing: 'behind', expectedDay: 8 });
    expect(standing(dayIds, '2026-03-02', '2026-06-01')).toEqual({ standing: 'finished', completedDays: 8, currentDay: null, expectedDay: 8 });
  });
});
