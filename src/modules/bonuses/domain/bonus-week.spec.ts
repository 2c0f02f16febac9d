import { describe, expect, it } from 'vitest';

import { bonusWeekOf, bonusWeekRange, isBonusWeek, oldestRunWeek, weekEndedBefore, weeksInProgram } from './bonus-week.js';

describe('bonus weeks', () => {
  it('run Monday to Sunday on New York’s calendar', () => {
    expect(bonusWeekOf(new Date('2026-12-07T04:59:59Z'))).toBe('2026-11-30'); // Sunday 23:59:59 EST
    expect(bonusWeekOf(new Date('2026-12-07T05:00:00Z'))).toBe('2026-12-07'); // Monday 00:00 EST
    expect(bonusWeekRange('2026-11-30')).toEqual({ start: new Date('2026-11-30T05:00:00Z'), end: new Date('2026-12-07T05:00:00Z') });
    // The week the clocks go back is an hour longer.
    const { start, end } = bonusWeekRange('2026-10-26');
    expect(end.getTime() - start.getTime()).toBe(169 * 3_600_000);
  });

  it('end at midnight into Monday in New York, whatever the zone of the one who asks', () => {
    expect(weekEndedBefore(new Date('2026-12-07T04:59:59Z'))).toBe('2026-11-23'); // Sunday 23:59:59 EST: the week of Nov 30 runs still
    expect(weekEndedBefore(new Date('2026-12-07T05:00:00Z'))).toBe('2026-11-30'); // Monday 00:00 EST
    expect(weekEndedBefore(new Date('2026-12-06T20:00:00Z'))).toBe('2026-11-23'); // Sunday 15:00 EST, Monday 05:00 in Tokyo
  });

  it('may be opened for the last 104 weeks', () => {
    expect(oldestRunWeek(new Date('2026-12-07T12:00:00Z'))).toBe('2024-12-09'); // 103 weeks before the week of Nov 30, the 104th
    expect(isBonusWeek(oldestRunWeek(new Date('2026-12-07T12:00:00Z')))).toBe(true);
  });

  it('are named by a real Monday', () => {
    expect(isBonusWeek('2026-11-30')).toBe(true);
    expect(isBonusWeek('2026-12-01')).toBe(false);
    expect(isBonusWeek('2026-02-30')).toBe(false);
    expect(isBonusWeek('30-11-2026')).toBe(false);
  });

  it('count weeks in program from the week of the start, the start week being week 1', () => {
    expect(weeksInProgram('2026-11-30', '2026-11-30')).toBe(1);
    expect(weeksInProgram('2026-12-06', '2026-11-30')).toBe(1); // a Sunday start counts its week
    expect(weeksInProgram('2026-12-07', '2026-11-30')).toBe(0);
    expect(weeksInProgram('2026-09-07', '2026-11-30')).toBe(13);
    expect(weeksInProgram('2026-09-06', '2026-11-30')).toBe(14);
    expect(weeksInProgram('2025-12-01', '2026-11-30')).toBe(53);
    expect(weeksInProgram(null, '2026-11-30')).toBeNull();
  });
});
