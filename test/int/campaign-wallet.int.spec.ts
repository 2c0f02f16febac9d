// The campaign process across two modules (marketplace and wallet), so it lives outside both.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { CreateCampaign, type CreateCampaignAnswer } from '../../src/modules/marketplace/commands/create-campaign/create-campaign.command.js';
import { CreateCampaignHandler } from '../../src/modules/marketplace/commands/create-campaign/create-campaign.handler.js';
import { EndCampaign } from '../../src/modules/marketplace/commands/end-campaign/end-campaign.command.js';
import { EndCampaignHandler } from '../../src/modules/marketplace/commands/end-campaign/end-campaign.handler.js';
import { FundBudgetRaiseHandler } from '../../src/modules/marketplace/commands/fund-budget-raise/fund-budget-raise.handler.js';
import { FundCampaignHandler } from '../../src/modules/marketplace/commands/fund-campaign/fund-campaign.handler.js';
import { LowerCampaignBudget } from '../../src/modules/marketplace/commands/lower-campaign-budget/lower-campaign-budget.command.js';
import { LowerCampaignBudgetHandler } from '../../src/modules/marketplace/commands/lower-campaign-budget/lower-campaign-budget.handler.js';
import { PauseCampaign } from '../../src/modules/marketplace/commands/pause-campaign/pause-campaign.command.js';
import { PauseCampaignHandler } from '../../src/modules/marketplace/commands/pause-campaign/pause-campaign.handler.js';
import { RaiseCampaignBudget } from '../../src/modules/marketplace/commands/raise-campaign-budget/raise-campaign-budget.command.js';
import { RaiseCampaignBudgetHandler } from '../../src/modules/marketplace/commands/raise-campaign-budget/raise-campaign-budget.handler.js';
import { RecordBudgetRaiseHandler } from '../../src/modules/marketplace/commands/record-budget-raise/record-budget-raise.handler.js';
import { RecordCampaignFundingHandler } from '../../src/modules/marketplace/commands/record-campaign-funding/record-campaign-funding.handler.js';
import { ReleaseCampaignBudgetHandler } from '../../src/modules/marketplace/commands/release-campaign-budget/release-campaign-budget.handler.js';
import { ReleaseLoweredBudgetHandler } from '../../src/modules/marketplace/commands/release-lowered-budget/release-lowered-budget.handler.js';
import { campaignStream, type CampaignEvent, type Targeting } from '../../src/modules/marketplace/contracts/campaign-events.js';
import { campaignDecider } from '../../src/modules/marketplace/domain/campaign.decider.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from '../../src/modules/marketplace/jobs/campaign-wallet.job.js';
import { DepositFundsHandler } from '../../src/modules/wallet/commands/deposit-funds/deposit-funds.handler.js';
import { IncreaseHoldHandler } from '../../src/modules/wallet/commands/increase-hold/increase-hold.handler.js';
import { PlaceHoldHandler } from '../../src/modules/wallet/commands/place-hold/place-hold.handler.js';
import { ReleaseHoldHandler } from '../../src/modules/wallet/commands/release-hold/release-hold.handler.js';
import { DepositFunds } from '../../src/modules/wallet/contracts/wallet-commands.js';
import { walletStream, type WalletEvent } from '../../src/modules/wallet/contracts/wallet-events.js';
import { availableCents, heldCents, walletDecider } from '../../src/modules/wallet/domain/wallet.decider.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { fold } from '../../src/platform/domain/decider.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';
import { userRequestContext } from '../../src/platform/event-store/new-event.js';
import { moduleHarness } from '../support/module-harness.js';
import { inParallel, tally } from '../support/parallel.js';
import { describeOn, everyDatabase } from '../support/test-databases.js';

const everywhere: Targeting = { states: [], dailyCap: null, weeklyCap: null, schedule: null, timeZone: 'America/Chicago' };

for (const database of everyDatabase()) {
  describeOn(database, `a campaign's budget held on its owner's wallet, on ${database.name}`, () => {
    const harness = moduleHarness(database, {
      providers: [
        WalletLedger,
        DepositFundsHandler,
        PlaceHoldHandler,
        IncreaseHoldHandler,
        ReleaseHoldHandler,
        CreateCampaignHandler,
        PauseCampaignHandler,
        RaiseCampaignBudgetHandler,
        LowerCampaignBudgetHandler,
        EndCampaignHandler,
        RecordCampaignFundingHandler,
        RecordBudgetRaiseHandler,
        FundCampaignHandler,
        FundBudgetRaiseHandler,
        ReleaseLoweredBudgetHandler,
        ReleaseCampaignBudgetHandler,
      ],
      poolSize: 12,
      registerJobs: ({ queue, commands }) => registerCampaignWalletJobs(queue, commands),
      jobTriggers: campaignWalletTriggers,
    });

    async function agentWith(depositCents: number): Promise<string> {
      const userId = randomUUID();
      const paymentId = randomUUID();
      await harness.commands.execute(
        new DepositFunds({ userId, paymentId, amountCents: depositCents, provider: 'demo' }, userRequestContext(userId), `payment:${paymentId}`),
      );
      return userId;
    }
    const wallet = async (userId: string) => fold(walletDecider, (await harness.store.readStream(walletStream(userId))) as unknown as WalletEvent[]);
    const campaign = async (campaignId: string) =>
      fold(campaignDecider, (await harness.store.readStream(campaignStream(campaignId))) as unknown as CampaignEvent[]);
    const create = (ownerId: string, budgetCents: number, key = randomUUID()) =>
      harness.commands.execute(
        new CreateCampaign(
          { campaignId: key, ownerId, name: 'Texas families', source: 'data_leads', tier: 'basic', budgetCents, targeting: everywhere },
          userRequestContext(ownerId),
          key,
        ),
      );

    it('holds the budget on the wallet before it answers, and a repeated request holds it once', async () => {
      const ownerId = await agentWith(8_000);
      const key = randomUUID();
      expect(await create(ownerId, 5_000, key)).toEqual({ campaignId: key, status: 'active' });
      expect(await create(ownerId, 5_000, key)).toEqual({ campaignId: key, status: 'active' });
      const money = await wallet(ownerId);
      expect([availableCents(money), heldCents(money)]).toEqual([3_000, 5_000]);
      expect(money.holds[key]).toMatchObject({ amountCents: 5_000 });
      expect(await campaign(key)).toMatchObject({ status: 'active', budgetCents: 5_000 });
    });

    it('refuses a budget the balance cannot cover in the spec’s words, with what is missing, and never runs that campaign', async () => {
      const ownerId = await agentWith(3_000);
      const key = randomUUID();
      const refusal = await create(ownerId, 10_000, key).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        code: 'CAMPAIGN_NOT_FUNDED',
        status: 422,
        message: 'Insufficient balance. You need $70.00 more to complete this purchase.',
      });
      expect(await campaign(key)).toMatchObject({ status: 'unfunded' });
      expect(availableCents(await wallet(ownerId))).toBe(3_000);
    });

    it('raises the budget through the wallet, lowers it at once, and releases the rest when the campaign ends', async () => {
      const ownerId = await agentWith(10_000);
      const { campaignId } = await create(ownerId, 4_000);
      // The answer waits for the wallet's.
      expect(
        await harness.commands.execute(
          new RaiseCampaignBudget({ campaignId, ownerId, requestId: randomUUID(), amountCents: 3_000 }, userRequestContext(ownerId), randomUUID()),
        ),
      ).toEqual({ status: 'raised' });
      expect((await campaign(campaignId)).budgetCents).toBe(7_000);
      expect(availableCents(await wallet(ownerId))).toBe(3_000);
      // More than the balance: refused by the wallet, recorded on the campaign, nothing held.
      const tooMuch = randomUUID();
      await expect(
        harness.commands.execute(
          new RaiseCampaignBudget({ campaignId, ownerId, requestId: tooMuch, amountCents: 5_000 }, userRequestContext(ownerId), randomUUID()),
        ),
      ).rejects.toMatchObject({
        code: 'BUDGET_RAISE_REFUSED',
        message: 'The budget was not raised: Insufficient balance. You need $20.00 more to complete this purchase.',
      });
      expect((await harness.store.readStream(campaignStream(campaignId))).map((e) => e.type)).toContain('BudgetRaiseRefused');
      expect(await campaign(campaignId)).toMatchObject({ budgetCents: 7_000, pendingRaises: {} });
      await harness.commands.execute(new LowerCampaignBudget({ campaignId, ownerId, amountCents: 2_000 }, userRequestContext(ownerId), randomUUID()));
      await expect.poll(async () => availableCents(await wallet(ownerId))).toBe(5_000);
      await harness.commands.execute(new EndCampaign({ campaignId, ownerId, reason: 'done' }, userRequestContext(ownerId), randomUUID()));
      await expect.poll(async () => availableCents(await wallet(ownerId))).toBe(10_000);
      expect(heldCents(await wallet(ownerId))).toBe(0);
      // Another agent cannot touch it.
      const stranger = randomUUID();
      await expect(
        harness.commands.execute(new PauseCampaign({ campaignId, ownerId: stranger }, userRequestContext(stranger), randomUUID())),
      ).rejects.toMatchObject({
        code: 'CAMPAIGN_NOT_FOUND',
      });
    });

    it('funds exactly as many of 30 campaigns created at once as the balance covers, and the wallet never goes below zero', async () => {
      const ownerId = await agentWith(10_000);
      const answers = await inParallel(30, () =>
        create(ownerId, 1_000).then(
          (answer: CreateCampaignAnswer) => answer.status,
          (error: unknown) => (error as DomainError).code,
        ),
      );
      expect(tally(answers)).toEqual({ active: 10, CAMPAIGN_NOT_FUNDED: 20 });
      const money = await wallet(ownerId);
      expect([availableCents(money), heldCents(money)]).toEqual([0, 10_000]);
    });
  });
}
