import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { dollarsToCents, WeekFiguresError, weekFiguresFrom } from './marketplace-week.js';

const WEEK = { Submitted: 4250.5, Issued: '1999.99', BaseBonusAmount: 200, DataLeadsMatchLimit: 0.285, MadeLIPDeposit: true, CurrentlyEngaged: false };

describe('dollar amounts in cents', () => {
  it('multiply by 100 on the written digits and round as Math.round does', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.285)).toBe(29);
    expect(Math.round(0.285 * 100)).toBe(28);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(-0.285)).toBe(-28);
    expect(dollarsToCents(-0.286)).toBe(-29);
    expect(dollarsToCents(-0.001)).toBe(0);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
    expect(dollarsToCents(1e-7)).toBe(0);
    expect(dollarsToCents(1.5e3)).toBe(150_000);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('read numeric text, spaces around it allowed', () => {
    expect(dollarsToCents(' 1250.10 ')).toBe(125_010);
    expect(dollarsToCents('-12')).toBe(-1200);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('2.5e2')).toBe(25_000);
  });

  it('refuse what is not an amount, and amounts past the safe cents', () => {
    for (const amount of [
      '',
      '.',
      '$12',
      '1,250.00',
      '12 dollars',
      'NaN',
      'Infinity',
      '1e999',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e15,
      '90071992547409.92',
    ]) {
      expect(dollarsToCents(amount)).toBeNull();
    }
    expect(dollarsToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('give back any whole number of cents written as dollars, as a number or as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
        expect(dollarsToCents((cents / 100).toFixed(2))).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });

  it('agree with Math.round(x * 100) wherever floating point cannot tip a half cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (dollars) => {
        const scaled = dollars * 100;
        fc.pre(Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6);
        expect(dollarsToCents(dollars)).toBe(Math.round(scaled) || 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the week’s figures from the service’s answer', () => {
  it('are its amounts in cents and its two flags, other fields left aside', () => {
    expect(weekFiguresFrom({ ...WEEK, AgentName: "Sean O'Brien", Note: 'True story' })).toEqual({
      submittedCents: 425_050,
      issuedCents: 199_999,
      baseBonusAmountCents: 20_000,
      dataLeadsMatchLimitCents: 29,
      madeLipDeposit: true,
      currentlyEngaged: false,
    });
  });

  it('name every field that is missing or wrong', () => {
    const { Issued: _issued, ...withoutIssued } = WEEK;
    let error: unknown;
    try {
      weekFiguresFrom({ ...withoutIssued, BaseBonusAmount: '12 dollars', DataLeadsMatchLimit: null, MadeLIPDeposit: 'yes' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(WeekFiguresError);
    expect((error as WeekFiguresError).problems).toEqual([
      'Issued is missing',
      'BaseBonusAmount: expected a dollar amount, got "12 dollars"',
      'DataLeadsMatchLimit: expected a dollar amount, got null',
      'MadeLIPDeposit: expected True or False, got "yes"',
    ]);
    expect((error as Error).message).toBe(`The marketplace week details are not usable: ${(error as WeekFiguresError).problems.join('; ')}`);
  });

  it('refuse an answer that is not a dict', () => {
    expect(() => weekFiguresFrom([WEEK])).toThrow("The marketplace week details are not usable: expected a dict of the week's figures, got a list");
    expect(() => weekFiguresFrom('Agent not found')).toThrow('got "Agent not found"');
  });
});
