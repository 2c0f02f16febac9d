// Lead allocation across three streams (lead, campaign, wallet) and two modules, so it lives outside both.
import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';

import { campaignsProjection } from '../../projections/marketplace/campaigns/campaigns.projection.js';
import { AllocateLeadHandler } from '../../src/modules/marketplace/commands/allocate-lead/allocate-lead.handler.js';
import { CreateCampaign } from '../../src/modules/marketplace/commands/create-campaign/create-campaign.command.js';
import { CreateCampaignHandler } from '../../src/modules/marketplace/commands/create-campaign/create-campaign.handler.js';
import { FundBudgetRaiseHandler } from '../../src/modules/marketplace/commands/fund-budget-raise/fund-budget-raise.handler.js';
import { FundCampaignHandler } from '../../src/modules/marketplace/commands/fund-campaign/fund-campaign.handler.js';
import { OfferLeadHandler } from '../../src/modules/marketplace/commands/offer-lead/offer-lead.handler.js';
import { PauseCampaign } from '../../src/modules/marketplace/commands/pause-campaign/pause-campaign.command.js';
import { PauseCampaignHandler } from '../../src/modules/marketplace/commands/pause-campaign/pause-campaign.handler.js';
import { RecordBudgetRaiseHandler } from '../../src/modules/marketplace/commands/record-budget-raise/record-budget-raise.handler.js';
import { RecordCampaignFundingHandler } from '../../src/modules/marketplace/commands/record-campaign-funding/record-campaign-funding.handler.js';
import { ReleaseCampaignBudgetHandler } from '../../src/modules/marketplace/commands/release-campaign-budget/release-campaign-budget.handler.js';
import { ReleaseCampaignReservationHandler } from '../../src/modules/marketplace/commands/release-campaign-reservation/release-campaign-reservation.handler.js';
import { ReleaseLoweredBudgetHandler } from '../../src/modules/marketplace/commands/release-lowered-budget/release-lowered-budget.handler.js';
import { ReserveCampaignLead } from '../../src/modules/marketplace/commands/reserve-campaign-lead/reserve-campaign-lead.command.js';
import { ReserveCampaignLeadHandler } from '../../src/modules/marketplace/commands/reserve-campaign-lead/reserve-campaign-lead.handler.js';
import { SettleLeadOffersHandler } from '../../src/modules/marketplace/commands/settle-lead-offers/settle-lead-offers.handler.js';
import type { Targeting } from '../../src/modules/marketplace/contracts/campaign-events.js';
import { leadStream, type LeadEvent } from '../../src/modules/marketplace/contracts/lead-events.js';
import { leadDecider } from '../../src/modules/marketplace/domain/lead.decider.js';
import { campaignWalletTriggers, registerCampaignWalletJobs } from '../../src/modules/marketplace/jobs/campaign-wallet.job.js';
import { leadAllocationTriggers, registerLeadAllocationJobs } from '../../src/modules/marketplace/jobs/lead-allocation.job.js';
import { CaptureHoldHandler } from '../../src/modules/wallet/commands/capture-hold/capture-hold.handler.js';
import { DepositFundsHandler } from '../../src/modules/wallet/commands/deposit-funds/deposit-funds.handler.js';
import { IncreaseHoldHandler } from '../../src/modules/wallet/commands/increase-hold/increase-hold.handler.js';
import { PlaceHoldHandler } from '../../src/modules/wallet/commands/place-hold/place-hold.handler.js';
import { ReleaseHoldHandler } from '../../src/modules/wallet/commands/release-hold/release-hold.handler.js';
import { CaptureHold, DepositFunds } from '../../src/modules/wallet/contracts/wallet-commands.js';
import { walletStream, type WalletEvent } from '../../src/modules/wallet/contracts/wallet-events.js';
import { availableCents, heldCents, walletDecider } from '../../src/modules/wallet/domain/wallet.decider.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { fold } from '../../src/platform/domain/decider.js';
import { comparePositions } from '../../src/platform/event-store/event-store.port.js';
import { newEvent, systemContext, userRequestContext } from '../../src/platform/event-store/new-event.js';
import type { Projection } from '../../src/platform/projections/projection.js';
import type { Subscriber } from '../../src/platform/projections/subscription-runner.js';
import { streamJobsEnded } from '../support/async-work.js';
import { moduleHarness } from '../support/module-harness.js';
import { inParallel } from '../support/parallel.js';
import { describeOn, everyDatabase } from '../support/test-databases.js';
import { eventually } from '../support/waiting.js';

const everywhere: Targeting = { states: [], dailyCap: null, weeklyCap: null, schedule: null, timeZone: 'America/New_York' };

/** The campaigns read model, held back while `hold()` is in force: a read side behind the write side, on purpose. */
function holdableCampaigns() {
  let held: Promise<void> = Promise.resolve();
  let release = () => {};
  // Held before its transaction: an open one would hold back every later event from all readers.
  const projection: Projection & Pick<Subscriber, 'prepare'> = {
    ...campaignsProjection,
    prepare: () => held,
  };
  return {
    projection,
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

for (const database of everyDatabase()) {
  describeOn(database, `lead allocation on ${database.name}`, () => {
    const campaigns = holdableCampaigns();
    const harness = moduleHarness(database, {
      isolated: true,
      poolSize: 12,
      providers: [
        WalletLedger,
        DepositFundsHandler,
        PlaceHoldHandler,
        IncreaseHoldHandler,
        ReleaseHoldHandler,
        CaptureHoldHandler,
        CreateCampaignHandler,
        PauseCampaignHandler,
        RecordCampaignFundingHandler,
        RecordBudgetRaiseHandler,
        ReserveCampaignLeadHandler,
        ReleaseCampaignReservationHandler,
        FundCampaignHandler,
        FundBudgetRaiseHandler,
        ReleaseLoweredBudgetHandler,
        ReleaseCampaignBudgetHandler,
        OfferLeadHandler,
        SettleLeadOffersHandler,
        AllocateLeadHandler,
      ],
      registerJobs: ({ queue, commands }) => {
        registerCampaignWalletJobs(queue, commands);
        registerLeadAllocationJobs(queue, commands);
      },
      projections: [campaigns.projection],
      jobTriggers: [...campaignWalletTriggers, ...leadAllocationTriggers],
    });

    async function agentWith(depositCents: number): Promise<string> {
      const userId = randomUUID();
      const paymentId = randomUUID();
      await harness.commands.execute(
        new DepositFunds({ userId, paymentId, amountCents: depositCents, provider: 'demo' }, userRequestContext(userId), `payment:${paymentId}`),
      );
      return userId;
    }
    /** A running campaign, in the read model the allocator reads. */
    async function campaign(ownerId: string, tier: string, budgetCents: number, targeting: Partial<Targeting> = {}): Promise<string> {
      const key = randomUUID();
      await harness.commands.execute(
        new CreateCampaign(
          {
            campaignId: key,
            ownerId,
            name: `Campaign ${key.slice(0, 4)}`,
            source: 'data_leads',
            tier,
            budgetCents,
            targeting: { ...everywhere, ...targeting },
          },
          userRequestContext(ownerId),
          key,
        ),
      );
      await expect.poll(async () => (await harness.pool.query(`SELECT status FROM rm_campaigns WHERE campaign_id = $1`, [key])).rows[0]?.status).toBe('active');
      return key;
    }
    async function postLead(tier: string, state = 'FL', duplicateOf: string | null = null): Promise<string> {
      const leadId = randomUUID();
      const data = {
        leadId,
        vendorId: randomUUID(),
        externalId: null,
        duplicateOf,
        firstName: 'Ana',
        lastName: 'Reyes',
        phone: '+13055550100',
        email: null,
        state,
        zip: '33101',
        dateOfBirth: null,
        age: 60,
        source: 'data_leads' as const,
        tier,
        consent: { text: 'yes', at: new Date().toISOString() },
      };
      await harness.store.append(leadStream(leadId), [newEvent('LeadReceived', data, systemContext('test-vendor'))], { expectedVersion: 'no_stream' });
      return leadId;
    }
    const leadState = async (leadId: string) => fold(leadDecider, (await harness.store.readStream(leadStream(leadId))) as unknown as LeadEvent[]);
    const allocated = async (leadId: string) => {
      try {
        await expect.poll(async () => (await leadState(leadId)).allocated).toBe(true);
      } catch (error) {
        const { rows } = await harness.pool.query(
          `SELECT name, status, attempts, last_error FROM jobs WHERE last_error IS NOT NULL ORDER BY created_at DESC LIMIT 3`,
        );
        throw new Error(`${String(error)}; failed jobs: ${JSON.stringify(rows)}`);
      }
    };
    const wallet = async (userId: string) => fold(walletDecider, (await harness.store.readStream(walletStream(userId))) as unknown as WalletEvent[]);
    const soldTo = async (leadId: string) => (await leadState(leadId)).offers.filter((o) => o.status === 'sold').map((o) => o.campaignId);

    it('sells an exclusive lead to one campaign at the price table’s price, captured from its hold', async () => {
      const owner = await agentWith(10_000);
      const camp = await campaign(owner, 'exclusive', 10_000);
      const leadId = await postLead('exclusive');
      await allocated(leadId);
      expect(await soldTo(leadId)).toEqual([camp]);
      const money = await wallet(owner);
      expect(money.holds[camp]).toMatchObject({ amountCents: 10_000, capturedCents: 2_500 });
      expect([availableCents(money), heldCents(money)]).toEqual([0, 7_500]);
      await expect
        .poll(
          async () => (await harness.pool.query(`SELECT spent_cents::int AS spent, lead_count FROM rm_campaigns WHERE campaign_id = $1`, [camp])).rows[0],
          {},
        )
        .toEqual({ spent: 2_500, lead_count: 1 });
    });

    it('offers a lead to a campaign funded just before it came, while the campaigns read model has not yet shown the campaign', async () => {
      const owner = await agentWith(10_000);
      campaigns.hold();
      const campaignId = randomUUID();
      const funded = await harness.commands.execute(
        new CreateCampaign(
          {
            campaignId,
            ownerId: owner,
            name: 'Just funded',
            source: 'data_leads',
            tier: 'exclusive',
            budgetCents: 10_000,
            targeting: { ...everywhere, states: ['ND'] },
          },
          userRequestContext(owner),
          campaignId,
        ),
      );
      expect(funded.status).toBe('active');
      // The allocation asks the store whether campaign events lie between the read model's checkpoint and its lead while it waits for them.
      const asked = vi.spyOn(harness.store, 'anyOfTypesBetween');
      const leadId = await postLead('exclusive', 'ND');
      const received = (await harness.store.readStream(leadStream(leadId)))[0]!.position;
      await eventually(
        'the allocation to wait for the campaigns read model',
        async () => asked.mock.calls.filter(([, , before]) => comparePositions(before, received) === 0).length,
        (waits) => waits > 0,
      );
      asked.mockRestore();
      // It would find no running campaign in the read model now.
      expect((await harness.pool.query(`SELECT 1 FROM rm_campaigns WHERE campaign_id = $1`, [campaignId])).rowCount).toBe(0);
      campaigns.release();
      await allocated(leadId);
      expect(await soldTo(leadId)).toEqual([campaignId]);
    });

    it('sells a shared lead to at most three agents, never twice to one agent, and passes over campaigns outside its state or paused', async () => {
      const [twice, ...others] = await Promise.all([1, 2, 3, 4].map(() => agentWith(10_000)));
      // The agent with two campaigns waited longest with both.
      const firstOfTwice = await campaign(twice!, 'premium', 5_000);
      const secondOfTwice = await campaign(twice!, 'premium', 5_000);
      const texasOnly = await campaign(others[0]!, 'premium', 5_000, { states: ['TX'] });
      const pausedOwner = await agentWith(5_000);
      const paused = await campaign(pausedOwner, 'premium', 5_000);
      await harness.commands.execute(new PauseCampaign({ campaignId: paused, ownerId: pausedOwner }, userRequestContext(pausedOwner), randomUUID()));
      await expect
        .poll(async () => (await harness.pool.query(`SELECT status FROM rm_campaigns WHERE campaign_id = $1`, [paused])).rows[0]?.status)
        .toBe('paused');
      const rest = [];
      for (const owner of others) rest.push(await campaign(owner, 'premium', 5_000));
      const leadId = await postLead('premium');
      await allocated(leadId);
      const buyers = await soldTo(leadId);
      expect(buyers).toEqual([firstOfTwice, rest[0], rest[1]]);
      const finished = (await harness.store.readStream(leadStream(leadId))).find((e) => e.type === 'LeadAllocated')!.data as {
        buyers: number;
        passedOver: { campaignId: string; reason: string }[];
      };
      expect(finished.buyers).toBe(3);
      expect(finished.passedOver).toEqual([
        { campaignId: secondOfTwice, reason: 'already_owned' },
        { campaignId: texasOnly, reason: 'state' },
      ]);
      // $10 each, from each buyer's hold.
      expect((await wallet(twice!)).holds[firstOfTwice]).toMatchObject({ capturedCents: 1_000 });
      expect((await wallet(twice!)).holds[secondOfTwice]).toMatchObject({ capturedCents: 0 });
    });

    it('keeps to a daily cap and passes the lead on when a campaign’s budget is used up', async () => {
      const capped = await campaign(await agentWith(10_000), 'basic', 10_000, { dailyCap: 1 });
      const poorOwner = await agentWith(700);
      const poor = await campaign(poorOwner, 'basic', 700);
      const first = await postLead('basic');
      await allocated(first);
      const second = await postLead('basic');
      await allocated(second);
      const third = await postLead('basic');
      await allocated(third);
      const buyersOfAll = [...(await soldTo(first)), ...(await soldTo(second)), ...(await soldTo(third))];
      // The capped campaign buys once a day; the poor one has $7: one $5 lead, then its budget is short.
      expect(buyersOfAll.filter((c) => c === capped)).toHaveLength(1);
      expect(buyersOfAll.filter((c) => c === poor)).toHaveLength(1);
      expect(availableCents(await wallet(poorOwner))).toBe(0);
      expect((await wallet(poorOwner)).holds[poor]).toMatchObject({ capturedCents: 500 });
    });

    it('never over-captures a hold: 30 leads at once on a campaign with budget for 10', async () => {
      const owner = await agentWith(25_000);
      const camp = await campaign(owner, 'exclusive', 25_000);
      const leads = await inParallel(30, () => postLead('exclusive', 'GA'));
      for (const leadId of leads) await allocated(leadId);
      const sold = (await Promise.all(leads.map(soldTo))).filter((buyers) => buyers.includes(camp));
      expect(sold).toHaveLength(10);
      const money = await wallet(owner);
      expect(money.holds[camp]).toMatchObject({ capturedCents: 25_000 });
      expect(availableCents(money)).toBe(0);
    });

    it('keeps to a daily cap under 30 leads at once: the campaign buys exactly its cap', async () => {
      const owner = await agentWith(50_000);
      const capped = await campaign(owner, 'exclusive', 50_000, { dailyCap: 5, states: ['WY'] });
      const leads = await inParallel(30, () => postLead('exclusive', 'WY'));
      for (const leadId of leads) await allocated(leadId);
      const sold = (await Promise.all(leads.map(soldTo))).filter((buyers) => buyers.includes(capped));
      expect(sold).toHaveLength(5);
      expect((await wallet(owner)).holds[capped]).toMatchObject({ capturedCents: 5 * 2_500 });
    });

    it('finishes an offer left open by a crash without charging twice, and never sells a duplicate', async () => {
      const owner = await agentWith(5_000);
      const camp = await campaign(owner, 'exclusive', 5_000);
      // A run that offered the lead and captured the price, then died before recording the sale.
      await harness.runner.stop();
      const leadId = randomUUID();
      const context = systemContext('test');
      const data = {
        leadId,
        vendorId: randomUUID(),
        externalId: null,
        duplicateOf: null,
        firstName: 'Bo',
        lastName: 'Li',
        phone: '+13055550101',
        email: null,
        state: 'FL',
        zip: '33101',
        dateOfBirth: null,
        age: 70,
        source: 'data_leads' as const,
        tier: 'exclusive',
        consent: { text: 'yes', at: new Date().toISOString() },
      };
      await harness.store.append(
        leadStream(leadId),
        [
          newEvent('LeadReceived', data, context),
          newEvent('LeadOffered', { leadId, campaignId: camp, ownerId: owner, priceCents: 2_500, maxBuyers: 1 }, context),
        ],
        { expectedVersion: 'no_stream' },
      );
      await harness.runner.start();
      await allocated(leadId);
      expect(await soldTo(leadId)).toEqual([camp]);
      expect((await wallet(owner)).holds[camp]).toMatchObject({ capturedCents: 2_500 });

      const duplicate = await postLead('exclusive', 'FL', leadId);
      await streamJobsEnded(harness.store, harness.queue, [...campaignWalletTriggers, ...leadAllocationTriggers], [leadStream(duplicate), walletStream(owner)]);
      expect((await leadState(duplicate)).offers).toEqual([]);
      expect((await wallet(owner)).holds[camp]).toMatchObject({ capturedCents: 2_500 });
    });

    it('finishes the open offers of a shared lead left by a crash, one of them already charged, each buyer charged once', async () => {
      const owners = await Promise.all([1, 2].map(() => agentWith(5_000)));
      const camps: string[] = [];
      for (const owner of owners) camps.push(await campaign(owner, 'premium', 5_000, { states: ['NV'] }));
      // A run that offered the lead to the first two campaigns, reserved and charged the first, then died.
      await harness.runner.stop();
      const leadId = randomUUID();
      const context = systemContext('test');
      const data = {
        leadId,
        vendorId: randomUUID(),
        externalId: null,
        duplicateOf: null,
        firstName: 'Cy',
        lastName: 'Ng',
        phone: '+13055550102',
        email: null,
        state: 'NV',
        zip: '89101',
        dateOfBirth: null,
        age: 66,
        source: 'data_leads' as const,
        tier: 'premium',
        consent: { text: 'yes', at: new Date().toISOString() },
      };
      const offered = (i: number) => newEvent('LeadOffered', { leadId, campaignId: camps[i]!, ownerId: owners[i]!, priceCents: 1_000, maxBuyers: 3 }, context);
      await harness.store.append(leadStream(leadId), [newEvent('LeadReceived', data, context), offered(0), offered(1)], { expectedVersion: 'no_stream' });
      await harness.commands.execute(
        new ReserveCampaignLead({ campaignId: camps[0]!, leadId, leadState: 'NV', priceCents: 1_000 }, context, `reserve:${leadId}`),
      );
      await harness.commands.execute(
        new CaptureHold(
          { userId: owners[0]!, holdId: camps[0]!, captureId: leadId, amountCents: 1_000, cause: { kind: 'lead', id: leadId }, description: 'Lead' },
          context,
          `capture:${leadId}`,
        ),
      );
      await harness.runner.start();
      await allocated(leadId);
      // Both open offers sold, and the third place went to the next campaign waiting (from the tests before).
      const buyers = await soldTo(leadId);
      expect(buyers.slice(0, 2)).toEqual(camps);
      expect(buyers).toHaveLength(3);
      for (const [i, owner] of owners.entries()) {
        const money = await wallet(owner);
        expect(money.holds[camps[i]!]).toMatchObject({ capturedCents: 1_000 });
        expect(availableCents(money) + heldCents(money)).toBe(4_000);
      }
    });
  });
}
