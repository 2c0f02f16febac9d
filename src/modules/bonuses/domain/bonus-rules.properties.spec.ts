import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AGENT_ROLES, BLUE_REPORT_TRACKS, bonusInputsSchema, type BonusInputs, type BonusResult } from '../contracts/bonus-inputs.js';
import { weeklyBonus } from './bonus-rules.js';

/*
 * Any agent's week: amounts mostly up to $1M, sometimes up to the largest safe number of cents;
 * taken rates anywhere in 0..1 and often at the 55% edge; weeks in the program often near the
 * 13- and 26-week edges.
 */

const cents = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 100_000_000 }), weight: 8 },
  { arbitrary: fc.constantFrom(0, 1, 2_500, 5_000, 60_000, 2_000_000), weight: 2 },
  { arbitrary: fc.maxSafeNat(), weight: 1 },
);
const takenRate = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.549, 0.549999, 0.55, 0.550001, 1));
const inputs: fc.Arbitrary<BonusInputs> = fc.record({
  submittedCents: cents,
  issuedCents: cents,
  takenRate,
  depositCents: cents,
  role: fc.constantFrom(...AGENT_ROLES),
  weeksInProgram: fc.option(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 520 })), { freq: 4 }),
  blueReportTrack: fc.constantFrom(...BLUE_REPORT_TRACKS, null),
  engaged: fc.boolean(),
  buyInOnTime: fc.boolean(),
  averageIssuedLast13WeeksCents: fc.option(cents),
});
/** Two amounts, the first no larger than the second. */
const smallerAndLarger = fc.tuple(cents, cents).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
const runs = { numRuns: 500 };

const amountsOf = ({ lionsShare, match, grandTotalCents }: BonusResult) => [
  lionsShare.baseCents,
  lionsShare.bonusCents,
  lionsShare.totalCents,
  match.productionMatchLimitCents,
  ...(match.capCents === null ? [] : [match.capCents]),
  match.matchLimitCents,
  match.depositCents,
  match.buyInCents,
  match.netDepositCents,
  match.actualMatchCents,
  grandTotalCents,
];

describe('the weekly bonus of any agent', () => {
  it('is drawn from inputs the schema accepts', () => {
    fc.assert(
      fc.property(inputs, (week) => {
        expect(bonusInputsSchema.safeParse(week).success).toBe(true);
      }),
      runs,
    );
  });

  it('is made of whole, safe, non-negative numbers of cents', () => {
    fc.assert(
      fc.property(inputs, (week) => {
        for (const amount of amountsOf(weeklyBonus(week))) {
          expect(Number.isSafeInteger(amount), `${amount}`).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
      runs,
    );
  });

  it("adds Lion's Share and the match into the grand total, base and bonus into Lion's Share", () => {
    fc.assert(
      fc.property(inputs, (week) => {
        const { lionsShare, match, grandTotalCents } = weeklyBonus(week);
        expect(lionsShare.totalCents).toBe(lionsShare.baseCents + lionsShare.bonusCents);
        expect(grandTotalCents).toBe(lionsShare.totalCents + match.actualMatchCents);
      }),
      runs,
    );
  });

  it('never matches more than the cap, the production limit or the deposit beyond the buy-in', () => {
    fc.assert(
      fc.property(inputs, (week) => {
        const { match } = weeklyBonus(week);
        expect(match.actualMatchCents).toBeLessThanOrEqual(match.matchLimitCents);
        expect(match.matchLimitCents).toBeLessThanOrEqual(match.productionMatchLimitCents);
        if (match.capCents !== null) expect(match.matchLimitCents).toBeLessThanOrEqual(match.capCents);
        expect(match.actualMatchCents).toBeLessThanOrEqual(match.netDepositCents);
        expect(match.netDepositCents).toBe(Math.max(0, week.depositCents - match.buyInCents));
      }),
      runs,
    );
  });

  it('pays nothing at all, and says why, to an agent not engaged or whose buy-in was late', () => {
    fc.assert(
      fc.property(inputs, fc.constantFrom([false, true], [true, false], [false, false]), (week, [engaged, buyInOnTime]) => {
        const { lionsShare, match, grandTotalCents } = weeklyBonus({ ...week, engaged, buyInOnTime });
        expect([lionsShare.baseCents, lionsShare.bonusCents, lionsShare.totalCents, match.actualMatchCents, grandTotalCents]).toEqual([0, 0, 0, 0, 0]);
        expect([lionsShare.eligible, match.eligible]).toEqual([false, false]);
        const expected = [...(engaged ? [] : ['Not engaged']), ...(buyInOnTime ? [] : ['Buy-in not paid on time'])];
        expect(lionsShare.reasons.slice(0, expected.length)).toEqual(expected);
        expect(match.reasons.slice(0, expected.length)).toEqual(expected);
      }),
      runs,
    );
  });

  it('is eligible exactly when no reason is given', () => {
    fc.assert(
      fc.property(inputs, (week) => {
        const { lionsShare, match } = weeklyBonus(week);
        expect(lionsShare.eligible).toBe(lionsShare.reasons.length === 0);
        expect(match.eligible).toBe(match.reasons.length === 0);
      }),
      runs,
    );
  });

  for (const field of ['submittedCents', 'issuedCents', 'depositCents'] as const) {
    it(`never pays less for more ${field}`, () => {
      fc.assert(
        fc.property(inputs, smallerAndLarger, (week, [less, more]) => {
          const before = weeklyBonus({ ...week, [field]: less });
          const after = weeklyBonus({ ...week, [field]: more });
          expect(after.lionsShare.totalCents).toBeGreaterThanOrEqual(before.lionsShare.totalCents);
          expect(after.match.actualMatchCents).toBeGreaterThanOrEqual(before.match.actualMatchCents);
          expect(after.grandTotalCents).toBeGreaterThanOrEqual(before.grandTotalCents);
        }),
        runs,
      );
    });
  }
});
