import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { bonusRunsProjection } from '../../projections/bonuses/bonus-runs/bonus-runs.projection.js';
import { weekPerformanceProjection } from '../../projections/bonuses/week-performance/week-performance.projection.js';
import { walletLedgerProjection } from '../../projections/wallet/wallet-ledger/wallet-ledger.projection.js';
import { AddBonusAdjustment } from '../../src/modules/bonuses/commands/add-bonus-adjustment/add-bonus-adjustment.command.js';
import { AddBonusAdjustmentHandler } from '../../src/modules/bonuses/commands/add-bonus-adjustment/add-bonus-adjustment.handler.js';
import { ApproveBonusRun } from '../../src/modules/bonuses/commands/approve-bonus-run/approve-bonus-run.command.js';
import { ApproveBonusRunHandler } from '../../src/modules/bonuses/commands/approve-bonus-run/approve-bonus-run.handler.js';
import { OpenBonusRun } from '../../src/modules/bonuses/commands/open-bonus-run/open-bonus-run.command.js';
import { OpenBonusRunHandler } from '../../src/modules/bonuses/commands/open-bonus-run/open-bonus-run.handler.js';
import { RecordBonusRunPaidHandler } from '../../src/modules/bonuses/commands/record-bonus-run-paid/record-bonus-run-paid.handler.js';
import { RecordWeekFiguresFailureHandler } from '../../src/modules/bonuses/commands/record-week-figures-failure/record-week-figures-failure.handler.js';
import { RecordWeekFigures } from '../../src/modules/bonuses/commands/record-week-figures/record-week-figures.command.js';
import { RecordWeekFiguresHandler } from '../../src/modules/bonuses/commands/record-week-figures/record-week-figures.handler.js';
import { SetAgentBonusSettings } from '../../src/modules/bonuses/commands/set-agent-bonus-settings/set-agent-bonus-settings.command.js';
import { SetAgentBonusSettingsHandler } from '../../src/modules/bonuses/commands/set-agent-bonus-settings/set-agent-bonus-settings.handler.js';
import { SubmitBonusRun } from '../../src/modules/bonuses/commands/submit-bonus-run/submit-bonus-run.command.js';
import { SubmitBonusRunHandler } from '../../src/modules/bonuses/commands/submit-bonus-run/submit-bonus-run.handler.js';
import type { AgentBonusSettings } from '../../src/modules/bonuses/contracts/bonus-events.js';
import { bonusPaymentId, bonusRunStream, type BonusRunEvent } from '../../src/modules/bonuses/contracts/bonus-runs.js';
import { bonusRunDecider, payoutsOf, type BonusRunState } from '../../src/modules/bonuses/domain/bonus-run.decider.js';
import { bonusWeekRange } from '../../src/modules/bonuses/domain/bonus-week.js';
import type { WeekFigures } from '../../src/modules/bonuses/domain/marketplace-week.js';
import { bonusPayoutTriggers, payBonusRun, registerBonusPayout } from '../../src/modules/bonuses/jobs/bonus-payout.job.js';
import { pollWeekFigures } from '../../src/modules/bonuses/jobs/week-figures-polling.job.js';
import { bonusRun, paidStatementOf, runStatements } from '../../src/modules/bonuses/queries/bonus-runs/bonus-runs.query.js';
import { weekPerformanceOf } from '../../src/modules/bonuses/queries/get-week-performance/week-performance.query.js';
import { MarketplaceClient } from '../../src/modules/bonuses/services/marketplace-client.js';
import { statementCsv, statementPdf } from '../../src/modules/bonuses/services/statement-documents.js';
import { CreditBonusHandler } from '../../src/modules/wallet/commands/credit-bonus/credit-bonus.handler.js';
import { CreditBonusesHandler } from '../../src/modules/wallet/commands/credit-bonuses/credit-bonuses.handler.js';
import { DepositFunds } from '../../src/modules/wallet/commands/deposit-funds/deposit-funds.command.js';
import { DepositFundsHandler } from '../../src/modules/wallet/commands/deposit-funds/deposit-funds.handler.js';
import { walletStream, type WalletEvent } from '../../src/modules/wallet/contracts/wallet-events.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';
import { toJsonEvent } from '../../src/platform/event-store/json-event.js';
import { newEvent, requestContext, systemContext, userRequestContext } from '../../src/platform/event-store/new-event.js';
import { startMarketplaceStandIn, type MarketplaceStandIn } from '../support/marketplace-standin.js';
import { moduleHarness } from '../support/module-harness.js';
import { inParallel, tally } from '../support/parallel.js';
import { loopbackHttp } from '../support/sample-lead.js';
import { describeOn, everyDatabase } from '../support/test-databases.js';
import { WAIT_CEILING_MS } from '../support/waiting.js';

const WEEK = '2026-11-16';
const { start, end } = bonusWeekRange(WEEK);
const inWeek = new Date(start.getTime() + 2 * 86_400_000);
const afterWeek = new Date(end.getTime() + 3_600_000);

const FIGURES: WeekFigures = {
  submittedCents: 2_150_000,
  issuedCents: 1_737_300,
  baseBonusAmountCents: 20_000,
  dataLeadsMatchLimitCents: 38_850,
  madeLipDeposit: true,
  currentlyEngaged: true,
};

const refusal = (error: unknown) => {
  if (error instanceof DomainError) return error.code;
  throw error;
};

for (const database of everyDatabase()) {
  describeOn(database, `a weekly bonus run on ${database.name}`, () => {
    const harness = moduleHarness(database, {
      isolated: true,
      providers: [
        WalletLedger,
        DepositFundsHandler,
        CreditBonusHandler,
        CreditBonusesHandler,
        SetAgentBonusSettingsHandler,
        RecordWeekFiguresHandler,
        RecordWeekFiguresFailureHandler,
        OpenBonusRunHandler,
        AddBonusAdjustmentHandler,
        SubmitBonusRunHandler,
        ApproveBonusRunHandler,
        RecordBonusRunPaidHandler,
      ],
      projections: [walletLedgerProjection, weekPerformanceProjection, bonusRunsProjection],
      jobTriggers: bonusPayoutTriggers,
      registerJobs: ({ queue, store, commands }) => registerBonusPayout(queue, store, commands),
    });
    const anna = randomUUID(); // prepares
    const ben = randomUUID(); // approves
    let vet: string;
    let fsl: string;
    let unnumbered: string;
    let silent: string;

    async function account(name: string): Promise<string> {
      const userId = randomUUID();
      const email = `${name}-${userId.slice(0, 6)}@bonus.test`;
      await harness.pool.query(`INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())`, [userId, email]);
      await harness.pool.query(`INSERT INTO profiles (user_id, email, display_name) VALUES ($1, $2, $3)`, [userId, email, name]);
      return userId;
    }
    const settle = (userId: string, settings: AgentBonusSettings) =>
      harness.commands.execute(new SetAgentBonusSettings({ userId, ...settings }, userRequestContext(anna)));
    const asAdmin = (adminId: string, now = afterWeek) => requestContext({ type: 'user', id: adminId }, randomUUID(), now);
    const walletEvents = async (userId: string) => (await harness.store.readStream(walletStream(userId))) as unknown as WalletEvent[];
    const caughtUp = () => Promise.all(['wallet-ledger', 'week-performance', 'bonus-runs'].map((name) => harness.runner.catchUp(name)));
    const runEvents = async () => (await harness.store.readStream(bonusRunStream(WEEK))) as unknown as BonusRunEvent[];

    beforeAll(async () => {
      vet = await account('vet');
      fsl = await account('fsl');
      unnumbered = await account('unnumbered');
      silent = await account('silent');
      await settle(vet, { agentNumber: 'V-1', commissionRole: 'VET', programStartDate: '2025-06-02', blueReportTrack: null });
      await settle(fsl, { agentNumber: 'F-1', commissionRole: 'FSL', programStartDate: '2024-01-01', blueReportTrack: null });
      await settle(unnumbered, { agentNumber: null, commissionRole: 'NEWBIE', programStartDate: '2026-11-02', blueReportTrack: '250K' });
      await settle(silent, { agentNumber: 'S-1', commissionRole: 'SAT', programStartDate: null, blueReportTrack: null });
      const poller = systemContext('test');
      await harness.commands.execute(new RecordWeekFigures({ userId: vet, agentNumber: 'V-1', week: WEEK, figures: FIGURES }, poller));
      // The FSL's taken rate is 1,500,000 / 2,000,000 = 75%; production 3,500,000 → limit $350.00 under the $1,500 cap.
      await harness.commands.execute(
        new RecordWeekFigures(
          { userId: fsl, agentNumber: 'F-1', week: WEEK, figures: { ...FIGURES, submittedCents: 2_000_000, issuedCents: 1_500_000 } },
          poller,
        ),
      );
      for (const [userId, cents] of [
        [vet, 50_000],
        [fsl, 100_000],
      ] as const) {
        const paymentId = randomUUID();
        await harness.commands.execute(
          new DepositFunds({ userId, paymentId, amountCents: cents, provider: 'demo' }, userRequestContext(userId, undefined, inWeek), paymentId),
        );
      }
      // A deposit after the week is not the week's.
      const late = randomUUID();
      await harness.commands.execute(
        new DepositFunds({ userId: vet, paymentId: late, amountCents: 99_900, provider: 'demo' }, userRequestContext(vet, undefined, afterWeek), late),
      );
      await caughtUp();
    });

    it('refuses a week that has not ended, one that is not a Monday, and one more than two years back', async () => {
      const today = new Date();
      const thisMonday = (await import('../../src/modules/bonuses/domain/bonus-week.js')).bonusWeekOf(today);
      expect(await harness.commands.execute(new OpenBonusRun({ week: thisMonday }, asAdmin(anna, today))).catch(refusal)).toBe('WEEK_NOT_OVER');
      expect(await harness.commands.execute(new OpenBonusRun({ week: '2026-11-17' }, asAdmin(anna))).catch(refusal)).toBe('BONUS_WEEK');
      // Mondays, but no run could plausibly be made up for them: more than two years back.
      for (const week of ['0001-01-01', '1899-12-25', '2024-12-02'])
        expect(await harness.commands.execute(new OpenBonusRun({ week }, asAdmin(anna, new Date('2026-12-07T12:00:00Z')))).catch(refusal)).toBe('WEEK_TOO_OLD');
    });

    it('opens once, freezing each agent’s inputs with their hash and listing the exceptions; 30 opens at once make one run', async () => {
      const outcomes = await inParallel(30, () => harness.commands.execute(new OpenBonusRun({ week: WEEK }, asAdmin(anna))).then(() => 'opened', refusal));
      expect(tally(outcomes)).toEqual({ opened: 1, BONUS_RUN_EXISTS: 29 });
      const [opened] = await runEvents();
      if (opened?.type !== 'BonusRunOpened') throw new Error('no run');
      expect(opened.data.inputsHash).toMatch(/^[0-9a-f]{64}$/);
      const vetLine = opened.data.lines.find((line) => line.userId === vet)!;
      expect(vetLine.inputs).toEqual({
        submittedCents: 2_150_000,
        issuedCents: 1_737_300,
        takenRate: 0.808,
        depositCents: 50_000,
        role: 'VET',
        weeksInProgram: null,
        blueReportTrack: null,
        engaged: true,
        buyInOnTime: true,
        averageIssuedLast13WeeksCents: null,
      });
      // Lion's Share $200 + round(38,873 × 0.808) = 31,409; match min($388.50, $500 − $50) = $388.50.
      expect(vetLine.result.grandTotalCents).toBe(20_000 + 31_409 + 38_850);
      const fslLine = opened.data.lines.find((line) => line.userId === fsl)!;
      expect(fslLine.result.match.actualMatchCents).toBe(35_000);
      expect(opened.data.exceptions.map((e) => [e.userId, e.reason]).sort()).toEqual(
        [
          [unnumbered, 'No agent number'],
          [silent, 'No week figures from the marketplace service'],
        ].sort(),
      );
    });

    it('keeps an agent’s total at $0 or more when 30 deductions that together would take it below arrive at once', async () => {
      const opened = (await runEvents()).find((event) => event.type === 'BonusRunOpened');
      if (opened?.type !== 'BonusRunOpened') throw new Error('no run');
      const totalCents = opened.data.lines.find((line) => line.userId === fsl)!.result.grandTotalCents;
      // Each deduction is a little over a seventh of the total: six fit, the seventh would go below $0.
      const deductionCents = Math.floor(totalCents / 7) + 1;
      const fits = Math.floor(totalCents / deductionCents);
      expect(fits).toBe(6);
      const outcomes = await inParallel(30, () => {
        const adjustmentId = randomUUID();
        return harness.commands
          .execute(
            new AddBonusAdjustment(
              { week: WEEK, adjustmentId, userId: fsl, amountCents: -deductionCents, reason: 'Chargeback from the carrier' },
              asAdmin(anna),
              adjustmentId,
            ),
          )
          .then(() => 'added', refusal);
      });
      expect(tally(outcomes)).toEqual({ added: fits, ADJUSTMENT_BELOW_ZERO: 30 - fits });

      await caughtUp();
      const statement = (await runStatements(harness.pool, WEEK)).find((s) => s.userId === fsl)!;
      expect(statement.computedCents).toBe(totalCents);
      expect(statement.adjustments.map((a) => a.amountCents)).toEqual(Array.from({ length: fits }, () => -deductionCents));
      const adjustedCents = statement.computedCents + statement.adjustments.reduce((sum, a) => sum + a.amountCents, 0);
      expect(adjustedCents).toBeGreaterThanOrEqual(0);
      expect(adjustedCents).toBeLessThan(deductionCents);
      expect(statement.totalCents).toBe(adjustedCents);
    });

    it('adds adjustments as their own lines, then needs a second admin to approve', async () => {
      const key = randomUUID();
      const adjust = (adminId: string, userId: string, amountCents: number, idempotencyKey = randomUUID()) =>
        harness.commands.execute(
          new AddBonusAdjustment(
            { week: WEEK, adjustmentId: idempotencyKey, userId, amountCents, reason: 'Figures corrected by the carrier' },
            asAdmin(adminId),
            idempotencyKey,
          ),
        );
      await adjust(anna, vet, -1_409, key);
      await adjust(anna, vet, -1_409, key); // the same request again: one adjustment
      await adjust(anna, silent, 10_000);
      expect(await adjust(anna, fsl, -10_000_000).catch(refusal)).toBe('ADJUSTMENT_BELOW_ZERO');
      await harness.commands.execute(new SubmitBonusRun({ week: WEEK }, asAdmin(anna)));
      expect(await adjust(anna, vet, 100).catch(refusal)).toBe('BONUS_RUN_LOCKED');
      expect(await harness.commands.execute(new ApproveBonusRun({ week: WEEK }, asAdmin(anna))).catch(refusal)).toBe('SAME_ADMIN_APPROVAL');
      await caughtUp();
      expect((await bonusRun(harness.pool, WEEK))?.status).toBe('submitted');
    });

    it('pays each agent once into the wallet, even when the payout runs again, then locks the run', async () => {
      await harness.commands.execute(new ApproveBonusRun({ week: WEEK }, asAdmin(ben)));
      await vi.waitFor(
        async () => {
          await caughtUp();
          expect((await bonusRun(harness.pool, WEEK))?.status).toBe('paid');
        },
        { interval: 200, timeout: WAIT_CEILING_MS },
      );
      const approved = (await harness.store.readStream(bonusRunStream(WEEK))).find((event) => event.type === 'BonusRunApproved')!;
      await payBonusRun(harness.store, harness.commands, toJsonEvent(approved) as never);
      const credits = async (userId: string) =>
        (await walletEvents(userId)).filter((event) => event.type === 'BonusCredited').map((event) => event.data.amountCents);
      expect(await credits(vet)).toEqual([20_000 + 31_409 + 38_850 - 1_409]);
      expect(await credits(silent)).toEqual([10_000]);
      expect(await credits(unnumbered)).toEqual([]);
      expect((await runEvents()).filter((event) => event.type === 'BonusRunPaid')).toHaveLength(1);
      expect(await harness.commands.execute(new OpenBonusRun({ week: WEEK }, asAdmin(ben))).catch(refusal)).toBe('BONUS_RUN_EXISTS');

      await caughtUp();
      const statement = await paidStatementOf(harness.pool, vet, WEEK);
      expect(statement?.totalCents).toBe(88_850);
      expect(statement?.adjustments.map((a) => a.amountCents)).toEqual([-1_409]);
      expect(await paidStatementOf(harness.pool, fsl, '2026-11-09')).toBeNull();
      expect((await runStatements(harness.pool, WEEK)).map((s) => s.userId).sort()).toEqual([vet, fsl, unnumbered, silent].sort());
      const csv = statementCsv(statement!);
      expect(csv).toContain('Matching,Actual match,$388.50');
      expect(csv).toContain("Adjustments,Deduction,'-$14.09,Figures corrected by the carrier");
      const pdf = await statementPdf(statement!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('credits each agent once and records the run paid once when 30 payouts of an approved run start at once', async () => {
      const week = '2026-11-30';
      const afterNextWeek = new Date(bonusWeekRange(week).end.getTime() + 3_600_000);
      const poller = systemContext('test');
      for (const [userId, agentNumber] of [
        [vet, 'V-1'],
        [fsl, 'F-1'],
      ] as const) {
        await harness.commands.execute(new RecordWeekFigures({ userId, agentNumber, week, figures: FIGURES }, poller));
      }
      await caughtUp();
      await harness.commands.execute(new OpenBonusRun({ week }, asAdmin(anna, afterNextWeek)));
      await harness.commands.execute(new SubmitBonusRun({ week }, asAdmin(anna, afterNextWeek)));
      await harness.commands.execute(new ApproveBonusRun({ week }, asAdmin(ben, afterNextWeek)));
      const events = await harness.store.readStream(bonusRunStream(week));
      const approved = events.find((event) => event.type === 'BonusRunApproved')!;
      const opened = (events as unknown as BonusRunEvent[]).find((event) => event.type === 'BonusRunOpened');
      if (opened?.type !== 'BonusRunOpened') throw new Error('no run');
      const owed = new Map(opened.data.lines.map((line) => [line.userId, line.result.grandTotalCents]));
      expect([...owed.keys()].sort()).toEqual([vet, fsl].sort());
      expect([...owed.values()].every((cents) => cents > 0)).toBe(true);

      // The job the approval started races these too.
      const outcomes = await inParallel(30, () => payBonusRun(harness.store, harness.commands, toJsonEvent(approved) as never).then(() => 'paid'));
      expect(tally(outcomes)).toEqual({ paid: 30 });
      await vi.waitFor(
        async () => {
          await caughtUp();
          expect((await bonusRun(harness.pool, week))?.status).toBe('paid');
        },
        { interval: 200, timeout: WAIT_CEILING_MS },
      );

      for (const [userId, amountCents] of owed) {
        const credited = (await walletEvents(userId)).flatMap((event) =>
          event.type === 'BonusCredited' && event.data.week === week ? [event.data.amountCents] : [],
        );
        expect(credited).toEqual([amountCents]);
        const { rows } = await harness.pool.query<{ amount_cents: string }>(
          `SELECT amount_cents::text FROM rm_wallet_ledger WHERE user_id = $1 AND type = 'BonusCredited' AND cause_id = $2`,
          [userId, bonusPaymentId(week, userId)],
        );
        expect(rows.map((row) => Number(row.amount_cents))).toEqual([amountCents]);
      }
      const paid = (await harness.store.readStream(bonusRunStream(week))).filter((event) => event.type === 'BonusRunPaid');
      expect(paid).toHaveLength(1);
      expect(paid[0]!.data).toMatchObject({ agentsPaid: 2, totalCents: [...owed.values()].reduce((sum, cents) => sum + cents, 0) });
      expect(
        await harness.commands
          .execute(
            new AddBonusAdjustment(
              { week, adjustmentId: randomUUID(), userId: vet, amountCents: 100, reason: 'Too late' },
              asAdmin(anna, afterNextWeek),
              randomUUID(),
            ),
          )
          .catch(refusal),
      ).toBe('BONUS_RUN_LOCKED');
    });

    it('adds adjustments that arrive in one batch (several for one agent, up and down) to the totals a full recompute and a rebuild give', async () => {
      const week = '2026-12-07';
      const afterThatWeek = new Date(bonusWeekRange(week).end.getTime() + 3_600_000);
      for (const [userId, agentNumber] of [
        [vet, 'V-1'],
        [fsl, 'F-1'],
      ] as const) {
        await harness.commands.execute(new RecordWeekFigures({ userId, agentNumber, week, figures: FIGURES }, systemContext('test')));
      }
      await caughtUp();
      await harness.commands.execute(new OpenBonusRun({ week }, asAdmin(anna, afterThatWeek)));
      const opened = (await harness.store.readStream(bonusRunStream(week))) as unknown as BonusRunEvent[];
      if (opened[0]?.type !== 'BonusRunOpened') throw new Error('no run');
      const computedOf = (userId: string) =>
        (opened[0] as Extract<BonusRunEvent, { type: 'BonusRunOpened' }>).data.lines.find((line) => line.userId === userId)!.result.grandTotalCents;
      const fslTotal = computedOf(fsl);
      await caughtUp();

      // Stored with one append, so the projection reads them in one batch. The fsl's last two stand
      // for a recompute that lowered a total under earlier deductions (the decider would refuse
      // them now): the statement stays at $0, so the run's total falls by what the fsl had, not
      // by the amounts.
      const adjustment = (userId: string, amountCents: number) =>
        newEvent(
          'BonusAdjustmentAdded',
          { week, adjustmentId: randomUUID(), userId, amountCents, reason: 'Batch', addedBy: anna },
          asAdmin(anna, afterThatWeek),
        );
      const batch = [
        adjustment(vet, 500),
        adjustment(fsl, -2_000),
        adjustment(vet, -300),
        adjustment(silent, 700),
        adjustment(vet, 250),
        adjustment(fsl, -fslTotal),
        adjustment(fsl, 1_000),
      ];
      const apply = vi.spyOn(bonusRunsProjection, 'apply');
      try {
        await harness.store.append(bonusRunStream(week), batch, { expectedVersion: 'any' });
        await caughtUp();
        const ids = (events: readonly { metadata: { eventId: string } }[]) => events.map((event) => event.metadata.eventId);
        expect(apply.mock.calls.some(([events]) => batch.every((event) => ids(events).includes(event.metadata.eventId)))).toBe(true);
      } finally {
        apply.mockRestore();
      }

      // A full recompute: the decider's fold of the run's stream, what the payout pays.
      const state = ((await harness.store.readStream(bonusRunStream(week))) as unknown as BonusRunEvent[]).reduce<BonusRunState>(
        bonusRunDecider.evolve,
        bonusRunDecider.initialState(),
      );
      if (state.status === 'none') throw new Error('no run');
      const pays = new Map(payoutsOf(state).map((payout) => [payout.userId, payout.amountCents]));
      expect(Object.fromEntries(pays)).toMatchObject({ [vet]: computedOf(vet) + 450, [fsl]: 0, [silent]: 700 });
      const statements = await runStatements(harness.pool, week);
      expect(Object.fromEntries(statements.map((s) => [s.userId, s.totalCents]))).toEqual(
        Object.fromEntries(statements.map((s) => [s.userId, pays.get(s.userId) ?? 0])),
      );
      expect(statements.find((s) => s.userId === vet)!.adjustments.map((a) => a.amountCents)).toEqual([500, -300, 250]);
      expect(statements.find((s) => s.userId === fsl)!.adjustments.map((a) => a.amountCents)).toEqual([-2_000, -fslTotal, 1_000]);
      const computedCents = state.lines.reduce((sum, line) => sum + line.result.grandTotalCents, 0);
      const totalCents = [...pays.values()].reduce((sum, cents) => sum + cents, 0);
      expect(await bonusRun(harness.pool, week)).toMatchObject({ computedCents, totalCents, adjustmentsCents: totalCents - computedCents });

      // A rebuild replays every run, each in batches of its own, to the same rows.
      const rows = async () => ({
        runs: (await harness.pool.query('SELECT * FROM rm_bonus_runs ORDER BY week')).rows,
        statements: (await harness.pool.query('SELECT * FROM rm_bonus_statements ORDER BY week, user_id')).rows,
      });
      const live = await rows();
      expect(live.runs.length).toBeGreaterThanOrEqual(3);
      await harness.runner.rebuild('bonus-runs');
      expect(await rows()).toEqual(live);
    });
  });
}

describe('the marketplace poller', () => {
  const database = everyDatabase()[0]!;
  describeOn(database, `records week figures from the service on ${database.name}`, () => {
    const harness = moduleHarness(database, {
      isolated: true,
      providers: [SetAgentBonusSettingsHandler, RecordWeekFiguresHandler, RecordWeekFiguresFailureHandler],
      projections: [weekPerformanceProjection],
    });
    let standIn: MarketplaceStandIn;
    beforeAll(async () => {
      standIn = await startMarketplaceStandIn();
    });
    afterAll(() => standIn.close());

    it('records changed figures, failures as they start, and nothing for an unchanged poll', async () => {
      const now = new Date('2026-12-02T15:00:00Z');
      const client = new MarketplaceClient(loopbackHttp(), { apiUrl: standIn.apiUrl, token: standIn.token }, { retryDelaysMs: [] });
      const ok = randomUUID();
      const unknown = randomUUID();
      for (const [userId, number] of [
        [ok, 'OB-1'],
        [unknown, 'NOPE'],
      ] as const) {
        await harness.pool.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [userId, `${number.toLowerCase()}@poll.test`]);
        await harness.commands.execute(
          new SetAgentBonusSettings(
            { userId, agentNumber: number, commissionRole: 'VET', programStartDate: null, blueReportTrack: null },
            systemContext('test'),
          ),
        );
      }
      standIn.weeks.set(
        'OB-1',
        "{'Name': 'O\\'Brien', 'Submitted': 21500.0, 'Issued': Decimal('17373.00'), 'BaseBonusAmount': 200, 'DataLeadsMatchLimit': 388.5, 'MadeLIPDeposit': True, 'CurrentlyEngaged': False}",
      );
      expect(await pollWeekFigures(harness.pool, client, harness.commands, now)).toEqual({ agents: 2, failed: 1 });
      expect(await pollWeekFigures(harness.pool, client, harness.commands, now)).toEqual({ agents: 2, failed: 1 });
      const types = async (userId: string) => (await harness.store.readStream(`bonus-performance-${userId}`)).map((event) => event.type);
      expect(await types(ok)).toEqual(['WeekFiguresRecorded']);
      expect(await types(unknown)).toEqual(['WeekFiguresUnavailable']);
      await harness.runner.catchUp('week-performance');
      expect(await weekPerformanceOf(harness.pool, ok, '2026-11-30')).toMatchObject({
        hasFigures: true,
        figures: {
          submittedCents: 2_150_000,
          issuedCents: 1_737_300,
          baseBonusAmountCents: 20_000,
          dataLeadsMatchLimitCents: 38_850,
          madeLipDeposit: true,
          currentlyEngaged: false,
        },
        failure: null,
      });
      expect(await weekPerformanceOf(harness.pool, unknown, '2026-11-30')).toMatchObject({ hasFigures: false, failure: 'Marketplace API returned 404' });
      // The service fails for a while: the figures recorded stay, with the failure beside them.
      standIn.failNext = 2;
      await pollWeekFigures(harness.pool, client, harness.commands, now);
      await harness.runner.catchUp('week-performance');
      expect(await weekPerformanceOf(harness.pool, ok, '2026-11-30')).toMatchObject({ hasFigures: true, failure: 'Marketplace API returned 500' });
      await pollWeekFigures(harness.pool, client, harness.commands, now);
      await harness.runner.catchUp('week-performance');
      expect(await types(ok)).toEqual(['WeekFiguresRecorded', 'WeekFiguresUnavailable', 'WeekFiguresRecorded']);
      expect(await weekPerformanceOf(harness.pool, ok, '2026-11-30')).toMatchObject({ hasFigures: true, failure: null });
    });
  });
});
