import { describe, expect, it } from 'vitest';

import { reminderDueAt, reminderJobId, remindersAfter } from './prep-reminders.js';

describe('prep course reminders', () => {
  it('are due two days before (Thursday 8 AM Eastern) and on the course morning (6 AM Eastern)', () => {
    expect(reminderDueAt('2026-12-12', 'two-days-before').toISOString()).toBe('2026-12-10T13:00:00.000Z');
    expect(reminderDueAt('2026-12-12', 'course-morning').toISOString()).toBe('2026-12-12T11:00:00.000Z');
    // The Saturday after the change to daylight saving time: UTC-4.
    expect(reminderDueAt('2026-03-21', 'course-morning').toISOString()).toBe('2026-03-21T10:00:00.000Z');
  });

  it('are scheduled only while still to come: a registration on Friday gets the morning one alone', () => {
    expect(remindersAfter('2026-12-12', new Date('2026-12-01T12:00:00Z')).map((r) => r.kind)).toEqual(['two-days-before', 'course-morning']);
    expect(remindersAfter('2026-12-12', new Date('2026-12-11T12:00:00Z')).map((r) => r.kind)).toEqual(['course-morning']);
    expect(remindersAfter('2026-12-12', new Date('2026-12-12T11:00:00Z'))).toEqual([]);
  });

  it('have one job id per registration, Saturday and kind', () => {
    expect(reminderJobId('r1', '2026-12-12', 'course-morning')).toBe('prep-reminder--r1--2026-12-12--course-morning');
  });
});
