import { describe, expect, it } from 'vitest';

import { centsOf, rateOf, readForm, type BonusForm } from './bonus-inputs-form';

const placeholders: BonusForm = {
  submitted: '21500.00',
  issued: '17373.00',
  takenRate: '66.0',
  deposit: '500.00',
  role: 'VET',
  weeks: '',
  engaged: true,
  buyInOnTime: true,
};

describe('the bonus calculator form', () => {
  it('holds dollars in cents and a percentage as a fraction', () => {
    expect(readForm(placeholders, 'percent')).toEqual({
      inputs: {
        submittedCents: 2_150_000,
        issuedCents: 1_737_300,
        takenRate: 0.66,
        depositCents: 50_000,
        role: 'VET',
        weeksInProgram: null,
        blueReportTrack: null,
        engaged: true,
        buyInOnTime: true,
        averageIssuedLast13WeeksCents: null,
      },
    });
    expect(centsOf('$21,500.5')).toBe(2_150_050);
    expect(centsOf('0')).toBe(0);
    expect(centsOf('1.234')).toBeNull();
    expect(rateOf('54.9', 'percent')).toBe(0.549);
    expect(rateOf('0.66', 'fraction')).toBe(0.66);
    expect(rateOf('66', 'fraction')).toBeNull();
    expect(rateOf('100.1', 'percent')).toBeNull();
  });

  it('reads weeks in program for a NEWBIE only', () => {
    expect(readForm({ ...placeholders, role: 'NEWBIE', weeks: '12' }, 'percent')).toMatchObject({ inputs: { weeksInProgram: 12 } });
    expect(readForm({ ...placeholders, role: 'VET', weeks: '12' }, 'percent')).toMatchObject({ inputs: { weeksInProgram: null } });
    expect(readForm({ ...placeholders, role: 'NEWBIE', weeks: '600' }, 'percent')).toEqual({
      errors: [{ field: 'weeksInProgram', message: 'Weeks in program must be a whole number from 0 to 520' }],
    });
  });

  it('names each field that is missing or not a number', () => {
    expect(readForm({ ...placeholders, submitted: '', issued: 'abc', takenRate: '' }, 'fraction')).toEqual({
      errors: [
        { field: 'submittedCents', message: 'Enter the Submitted AV in dollars, e.g. 21500.00' },
        { field: 'issuedCents', message: 'Issued AV must be a dollar amount, e.g. 17373.00' },
        { field: 'takenRate', message: 'Taken rate must be between 0 and 1 (0.66 for 66%)' },
      ],
    });
  });
});
