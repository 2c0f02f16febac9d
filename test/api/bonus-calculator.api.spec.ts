// POST /api/bonuses/calculate: the bonus calculator's query over the one rules module
// (docs/bonus-rules.md), public as its page is and limited per address; bad input is answered
// with each field's message.
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, signedInClient } from '../support/portal/portal.js';

/** The calculator's placeholders: $21,500.00 submitted, $17,373.00 issued, 66.0%, $500.00 deposited. */
const placeholders = {
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

let agent: ApiClient;
beforeAll(async () => {
  const account = await freshAgent('bonus-calculator');
  agent = await signedInClient(account.email, account.password);
});

const calculate = async (client: ApiClient, body: unknown) => {
  const answer = await client.request('POST', '/api/bonuses/calculate', body);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe('POST /api/bonuses/calculate', () => {
  it("answers every line of both cards for the placeholders' week (a vet)", async () => {
    const { status, body } = await calculate(agent, placeholders);
    expect(status).toBe(200);
    expect(body).toEqual({
      lionsShare: { eligible: true, reasons: [], baseCents: 20_000, bonusCents: 25_656, totalCents: 45_656 },
      match: {
        eligible: true,
        reasons: [],
        productionMatchLimitCents: 38_850,
        capCents: null,
        matchLimitCents: 38_850,
        depositCents: 50_000,
        buyInCents: 5_000,
        netDepositCents: 45_000,
        actualMatchCents: 38_850,
      },
      grandTotalCents: 84_506,
    });
  });

  it('gives the reasons and pays nothing for a leader under 55% who is not engaged', async () => {
    const { body } = await calculate(agent, { ...placeholders, role: 'FTA', takenRate: 0.5, engaged: false });
    expect(body).toMatchObject({
      lionsShare: { eligible: false, reasons: ['Not engaged', 'Taken Rate below 55% (50%)'], totalCents: 0 },
      match: { eligible: false, reasons: ['Not engaged'], capCents: 100_000, buyInCents: 20_000, netDepositCents: 30_000, actualMatchCents: 0 },
      grandTotalCents: 0,
    });
  });

  it('refuses bad input with a message for each field, never a 500', async () => {
    const { status, body } = await calculate(agent, {
      ...placeholders,
      submittedCents: 12.5,
      issuedCents: -1,
      takenRate: 66,
      role: 'BOSS',
      weeksInProgram: 'ten',
      engaged: 'yes',
    });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual([
      { field: 'submittedCents', message: 'Submitted AV must be a whole number of cents' },
      { field: 'issuedCents', message: 'Issued AV cannot be negative' },
      { field: 'takenRate', message: 'Taken rate must be between 0 and 1 (0.66 for 66%)' },
      { field: 'role', message: 'Role must be one of NEWBIE, VET, FTA, FSL, SAT' },
      { field: 'weeksInProgram', message: 'Weeks in program must be a number' },
      { field: 'engaged', message: 'Engaged must be true or false' },
    ]);
    for (const odd of [null, [], 'text', {}]) {
      const answer = await calculate(agent, odd);
      expect(answer.status, JSON.stringify(odd)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers a visitor, at most 60 times in 10 minutes from one address (70 at once: 60 answers, 10 refusals)', async () => {
    const visitor = new ApiClient(inject('portalUrl'));
    const answers = await inParallel(70, () => calculate(visitor, placeholders));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 60, 429: 10 });
    expect(answers.find((answer) => answer.status === 200)!.body).toHaveProperty('grandTotalCents');
    expect(answers.find((answer) => answer.status === 429)!.body).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not held back by this one's limit.
    expect((await calculate(new ApiClient(inject('portalUrl')), placeholders)).status).toBe(200);
  });
});
