import { describe, expect, it } from 'vitest';

import { AGENT_ROLES, bonusInputsSchema, type AgentRole, type BonusInputs } from '../contracts/bonus-inputs.js';
import { lionsShare, matching, takenRateReason, weeklyBonus } from './bonus-rules.js';

/** The calculator's placeholders: $21,500.00 submitted, $17,373.00 issued, 66.0%, $500.00 deposited; engaged and on time. */
const placeholders: BonusInputs = {
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
};
const week = (changes: Partial<BonusInputs>): BonusInputs => ({ ...placeholders, ...changes });

describe("the calculator's placeholders", () => {
  it("give a Lion's Share of the $200 base and 1% of $38,873 at 66%, $256.56, for every role", () => {
    for (const role of AGENT_ROLES) {
      expect(lionsShare(week({ role })), role).toEqual({ eligible: true, reasons: [], baseCents: 20_000, bonusCents: 25_656, totalCents: 45_656 });
    }
  });

  it('give a production match limit of $388.73 rounded to the nearest 50 cents: 38850, the first sample expectation', () => {
    for (const role of AGENT_ROLES) expect(matching(week({ role })).productionMatchLimitCents, role).toBe(38_850);
  });

  it("match each role's $500 deposit beyond its buy-in, up to the limit", () => {
    const seen = Object.fromEntries(
      AGENT_ROLES.map((role) => {
        const { capCents, matchLimitCents, buyInCents, netDepositCents, actualMatchCents } = matching(week({ role }));
        return [role, { capCents, matchLimitCents, buyInCents, netDepositCents, actualMatchCents }];
      }),
    );
    expect(seen).toEqual({
      NEWBIE: { capCents: null, matchLimitCents: 38_850, buyInCents: 0, netDepositCents: 50_000, actualMatchCents: 38_850 },
      VET: { capCents: null, matchLimitCents: 38_850, buyInCents: 5_000, netDepositCents: 45_000, actualMatchCents: 38_850 },
      FTA: { capCents: 100_000, matchLimitCents: 38_850, buyInCents: 20_000, netDepositCents: 30_000, actualMatchCents: 30_000 },
      FSL: { capCents: 150_000, matchLimitCents: 38_850, buyInCents: 40_000, netDepositCents: 10_000, actualMatchCents: 10_000 },
      SAT: { capCents: 200_000, matchLimitCents: 38_850, buyInCents: 60_000, netDepositCents: 0, actualMatchCents: 0 },
    });
  });

  it("add Lion's Share and the match into the grand total", () => {
    const grandTotals = Object.fromEntries(AGENT_ROLES.map((role) => [role, weeklyBonus(week({ role })).grandTotalCents]));
    expect(grandTotals).toEqual({ NEWBIE: 84_506, VET: 84_506, FTA: 75_656, FSL: 55_656, SAT: 45_656 });
  });
});

describe("the agent-match tester's sample expectations (38850, 150000, 0, 0)", () => {
  it('38850: a vet matched on the placeholders', () => {
    expect(matching(week({ role: 'VET' })).actualMatchCents).toBe(38_850);
  });

  it("150000: an FSL held to the role's $1,500 cap", () => {
    const match = matching(week({ role: 'FSL', submittedCents: 20_000_000, issuedCents: 5_000_000, depositCents: 200_000 }));
    expect(match).toMatchObject({ productionMatchLimitCents: 250_000, capCents: 150_000, netDepositCents: 160_000, actualMatchCents: 150_000 });
  });

  it('0 and 0: not engaged, and the buy-in paid late', () => {
    expect(matching(week({ engaged: false })).actualMatchCents).toBe(0);
    expect(matching(week({ buyInOnTime: false })).actualMatchCents).toBe(0);
  });
});

describe("Lion's Share", () => {
  it('pays a base of $200 for both kinds of production, $100 for submitted only, $75 for issued only, none for none', () => {
    expect(lionsShare(week({ issuedCents: 0 }))).toMatchObject({ baseCents: 10_000, bonusCents: 14_190 });
    expect(lionsShare(week({ submittedCents: 0 }))).toMatchObject({ baseCents: 7_500, bonusCents: 11_466 });
    expect(lionsShare(week({ submittedCents: 0, issuedCents: 0 }))).toEqual({ eligible: true, reasons: [], baseCents: 0, bonusCents: 0, totalCents: 0 });
  });

  it('rounds the bonus to the nearest cent, a half cent up', () => {
    expect(lionsShare(week({ submittedCents: 150, issuedCents: 0, takenRate: 1 })).bonusCents).toBe(2);
    expect(lionsShare(week({ submittedCents: 149, issuedCents: 0, takenRate: 1 })).bonusCents).toBe(1);
    expect(lionsShare(week({ submittedCents: 1_000, issuedCents: 0, takenRate: 0.55 })).bonusCents).toBe(6);
    expect(lionsShare(week({ submittedCents: 1_000, issuedCents: 0, takenRate: 0.549 })).bonusCents).toBe(5);
  });

  it('needs a 55% taken rate from leaders, and pays them nothing below it', () => {
    for (const role of ['FTA', 'FSL', 'SAT'] as const) {
      expect(lionsShare(week({ role, takenRate: 0.549 })), role).toEqual({
        eligible: false,
        reasons: ['Taken Rate below 55% (54.9%)'],
        baseCents: 0,
        bonusCents: 0,
        totalCents: 0,
      });
      expect(lionsShare(week({ role, takenRate: 0.55 })).eligible, role).toBe(true);
    }
  });

  it('does not ask newbies or vets for a taken rate', () => {
    for (const role of ['NEWBIE', 'VET'] as const) expect(lionsShare(week({ role, takenRate: 0.1 })).totalCents, role).toBe(20_000 + 3_887);
  });

  it('pays nothing to an agent not engaged or whose buy-in was late, and says why', () => {
    expect(lionsShare(week({ engaged: false }))).toEqual({ eligible: false, reasons: ['Not engaged'], baseCents: 0, bonusCents: 0, totalCents: 0 });
    expect(lionsShare(week({ buyInOnTime: false })).reasons).toEqual(['Buy-in not paid on time']);
    expect(lionsShare(week({ role: 'SAT', engaged: false, buyInOnTime: false, takenRate: 0.3 })).reasons).toEqual([
      'Not engaged',
      'Buy-in not paid on time',
      'Taken Rate below 55% (30%)',
    ]);
  });
});

describe('the taken-rate reason', () => {
  it('shows the rate to a tenth of a percent at most, cut rather than rounded so it never reads 55%', () => {
    expect(takenRateReason(0.549)).toBe('Taken Rate below 55% (54.9%)');
    expect(takenRateReason(0.5499)).toBe('Taken Rate below 55% (54.9%)');
    expect(takenRateReason(0.54)).toBe('Taken Rate below 55% (54%)');
    expect(takenRateReason(0.07)).toBe('Taken Rate below 55% (7%)');
    expect(takenRateReason(0.001)).toBe('Taken Rate below 55% (0.1%)');
    expect(takenRateReason(0)).toBe('Taken Rate below 55% (0%)');
  });
});

describe('matching', () => {
  it('rounds the production limit to the nearest 50 cents, a quarter dollar up', () => {
    const limit = (productionCents: number) => matching(week({ submittedCents: productionCents, issuedCents: 0 })).productionMatchLimitCents;
    expect(limit(2_499)).toBe(0);
    expect(limit(2_500)).toBe(50);
    expect(limit(7_499)).toBe(50);
    expect(limit(7_500)).toBe(100);
  });

  it('caps leaders at $1,000 (FTA), $1,500 (FSL) and $2,000 (SAT)', () => {
    const big = { submittedCents: 50_000_000, issuedCents: 50_000_000, depositCents: 1_000_000 };
    const paid = (role: AgentRole) => matching(week({ role, ...big })).actualMatchCents;
    expect([paid('FTA'), paid('FSL'), paid('SAT')]).toEqual([100_000, 150_000, 200_000]);
  });

  it('leaves vets and newbies outside their first 13 weeks uncapped: the production limit and the deposit bound them', () => {
    const big = { submittedCents: 50_000_000, issuedCents: 50_000_000, depositCents: 1_000_000 };
    expect(matching(week({ role: 'VET', ...big }))).toMatchObject({ capCents: null, matchLimitCents: 1_000_000, actualMatchCents: 995_000 });
    expect(matching(week({ role: 'NEWBIE', weeksInProgram: 14, blueReportTrack: '250K', ...big }))).toMatchObject({
      capCents: null,
      actualMatchCents: 1_000_000,
    });
  });

  it('caps a newbie in their first 13 weeks by blue-report track, and not from week 14', () => {
    const big = { role: 'NEWBIE' as const, submittedCents: 50_000_000, issuedCents: 50_000_000, depositCents: 1_000_000 };
    expect(matching(week({ ...big, weeksInProgram: 13, blueReportTrack: '250K' })).capCents).toBe(100_000);
    expect(matching(week({ ...big, weeksInProgram: 13, blueReportTrack: '200K' })).capCents).toBe(75_000);
    expect(matching(week({ ...big, weeksInProgram: 0, blueReportTrack: '150K' })).actualMatchCents).toBe(50_000);
    expect(matching(week({ ...big, weeksInProgram: 14, blueReportTrack: '150K' })).capCents).toBeNull();
    expect(matching(week({ ...big, weeksInProgram: 5, blueReportTrack: null })).capCents).toBeNull();
    expect(matching(week({ ...big, weeksInProgram: null, blueReportTrack: '150K' })).capCents).toBeNull();
  });

  it('lets newbies in their first 26 weeks be matched whatever their taken rate, and from week 27 asks 55%', () => {
    const newbie = { role: 'NEWBIE' as const, takenRate: 0.4 };
    expect(matching(week({ ...newbie, weeksInProgram: 26 }))).toMatchObject({ eligible: true, actualMatchCents: 38_850 });
    expect(matching(week({ ...newbie, weeksInProgram: 27 }))).toMatchObject({
      eligible: false,
      reasons: ['Taken Rate below 55% (40%)'],
      actualMatchCents: 0,
    });
    expect(matching(week({ ...newbie, weeksInProgram: null })).eligible).toBe(false);
    expect(matching(week({ ...newbie, weeksInProgram: 27, takenRate: 0.55 })).eligible).toBe(true);
  });

  it('asks a vet for 55%', () => {
    expect(matching(week({ role: 'VET', takenRate: 0.5 }))).toMatchObject({ eligible: false, reasons: ['Taken Rate below 55% (50%)'], actualMatchCents: 0 });
  });

  it("still matches leaders under 55%, who get no Lion's Share", () => {
    const bonus = weeklyBonus(week({ role: 'FTA', takenRate: 0.3 }));
    expect(bonus.lionsShare.totalCents).toBe(0);
    expect(bonus.match).toMatchObject({ eligible: true, reasons: [], actualMatchCents: 30_000 });
    expect(bonus.grandTotalCents).toBe(30_000);
  });

  it('lifts the cap to $1,500 in the Closers Club (engaged, $20,000 issued a week on average over 13 weeks), never lowering a higher one', () => {
    const big = { submittedCents: 50_000_000, issuedCents: 50_000_000, depositCents: 1_000_000 };
    const closer = { averageIssuedLast13WeeksCents: 2_000_000 };
    expect(matching(week({ role: 'FTA', ...big, ...closer }))).toMatchObject({ capCents: 150_000, actualMatchCents: 150_000 });
    expect(matching(week({ role: 'FTA', ...big, averageIssuedLast13WeeksCents: 1_999_999 })).capCents).toBe(100_000);
    expect(matching(week({ role: 'SAT', ...big, ...closer })).capCents).toBe(200_000);
    expect(matching(week({ role: 'NEWBIE', weeksInProgram: 3, blueReportTrack: '150K', ...big, ...closer })).capCents).toBe(150_000);
    expect(matching(week({ role: 'VET', ...big, ...closer })).capCents).toBeNull();
  });

  it('pays nothing to an agent not engaged or whose buy-in was late, and still shows what would have limited the match', () => {
    expect(matching(week({ role: 'NEWBIE', engaged: false, buyInOnTime: false }))).toEqual({
      eligible: false,
      reasons: ['Not engaged', 'Buy-in not paid on time'],
      productionMatchLimitCents: 38_850,
      capCents: null,
      matchLimitCents: 38_850,
      depositCents: 50_000,
      buyInCents: 0,
      netDepositCents: 50_000,
      actualMatchCents: 0,
    });
    expect(weeklyBonus(week({ buyInOnTime: false })).grandTotalCents).toBe(0);
  });
});

describe('the bonus inputs schema', () => {
  const problems = (value: unknown) => bonusInputsSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('accepts the placeholders', () => {
    expect(bonusInputsSchema.parse(placeholders)).toEqual(placeholders);
  });

  it('refuses amounts that are not whole, non-negative, safe cents, saying which', () => {
    expect(problems({ ...placeholders, submittedCents: -1 })).toEqual(['submittedCents: Submitted AV cannot be negative']);
    expect(problems({ ...placeholders, issuedCents: 1.5 })).toEqual(['issuedCents: Issued AV must be a whole number of cents']);
    expect(problems({ ...placeholders, depositCents: '500' })).toEqual(['depositCents: Total InQuery deposit must be a number of cents']);
    expect(problems({ ...placeholders, averageIssuedLast13WeeksCents: 2 ** 60 })).toContain(
      'averageIssuedLast13WeeksCents: Average issued AV over the last 13 weeks is too large',
    );
  });

  it('refuses a taken rate outside 0 to 1 and weeks outside 0 to 520', () => {
    expect(problems({ ...placeholders, takenRate: 66 })).toEqual(['takenRate: Taken rate must be between 0 and 1 (0.66 for 66%)']);
    expect(problems({ ...placeholders, weeksInProgram: 521 })).toEqual(['weeksInProgram: Weeks in program is at most 520']);
    expect(problems({ ...placeholders, weeksInProgram: 2.5 })).toEqual(['weeksInProgram: Weeks in program must be a whole number']);
    expect(problems({ ...placeholders, role: 'BOSS', blueReportTrack: '100K' })).toEqual([
      'role: Role must be one of NEWBIE, VET, FTA, FSL, SAT',
      'blueReportTrack: Blue report track must be one of 250K, 200K, 150K, or none',
    ]);
  });
});
