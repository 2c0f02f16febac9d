import { describe, expect, it } from 'vitest';

import { fitsReference, scheduleReferenceOf } from './schedule-reference.js';

describe('the day or week of training a question names', () => {
  it.each([
    ['When is my first day?', { week: 1, day: 1 }],
    ['What time should I get there on day one?', { week: 1, day: 1 }],
    ['How many calls on my second day?', { week: 1, day: 2 }],
    ['What happens on day 3 of week 2?', { week: 2, day: 3 }],
    ['How many dials should I hit in week two?', { week: 2 }],
    ['What is the goal of the third week?', { week: 3 }],
    ['How many dials a day are expected?', {}],
  ])('%s → %o', (question, reference) => {
    expect(scheduleReferenceOf(question)).toEqual(reference);
  });

  it('keeps passages of that day or week and of none, and leaves out the others', () => {
    const firstDay = scheduleReferenceOf('my first day');
    expect(fitsReference(firstDay, 'East Tampa week 1, day 1: Welcome')).toBe(true);
    expect(fitsReference(firstDay, 'East Tampa week 2, day 3: Follow-up that closes')).toBe(false);
    expect(fitsReference(firstDay, 'East Tampa Week 1: Foundations')).toBe(true);
    expect(fitsReference(firstDay, 'East Tampa Week 2: On the phones')).toBe(false);
    expect(fitsReference(firstDay, 'Step 6: Computer Set-Up (Day-1)')).toBe(true);
    expect(fitsReference({}, 'East Tampa week 2, day 3: Follow-up that closes')).toBe(true);
  });
});
