import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';

import { campaignsProjection } from '../../../../../projections/marketplace/campaigns/campaigns.projection.js';
import { leadsProjection } from '../../../../../projections/marketplace/leads/leads.projection.js';
import { useIsolatedStore } from '../../../../../test/support/isolated-database.js';
import { eventsNotRead } from '../../../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { WAIT_CEILING_MS } from '../../../../../test/support/waiting.js';
import { newEvent, systemContext } from '../../../../platform/event-store/new-event.js';
import { SubscriptionRunner } from '../../../../platform/projections/subscription-runner.js';
import { campaignStream, type Targeting } from '../../contracts/campaign-events.js';
import { leadStream, type LeadEvent } from '../../contracts/lead-events.js';
import { leadsPerDay, type DailyLeads } from '../leads-per-day.js';
import { ownedLeads } from '../list-my-leads/list-my-leads.query.js';
import { dashboardOf } from './get-dashboard.query.js';

const NY = 'America/New_York';
const targeting: Targeting = { states: [], dailyCap: null, weeklyCap: null, schedule: null, timeZone: NY };
const spend = (days: DailyLeads[]) => days.reduce((sum, day) => sum + day.spentCents, 0);

for (const database of oneDatabase()) {
  describeOn(database, `dashboard figures on ${database.name}`, () => {
    // The projections read the whole event store: a database of its own keeps other files' events out.
    const db = useIsolatedStore(database);
    const ctx = systemContext('test');
    const [ann, bob] = [randomUUID(), randomUUID()];
    const [alpha, beta, bobs] = [randomUUID(), randomUUID(), randomUUID()];
    const [cheap, returned, denied] = [randomUUID(), randomUUID(), randomUUID()];
    const returnOf = { [returned]: randomUUID(), [denied]: randomUUID() };

    const onLead = (leadId: string, events: LeadEvent[]) =>
      db.store.append(
        leadStream(leadId),
        events.map((e) => newEvent(e.type, e.data, ctx)),
        { expectedVersion: 'any' },
      );
    const sold = (leadId: string, campaignId: string, ownerId: string, priceCents: number, at = new Date()): LeadEvent => ({
      type: 'LeadSold',
      data: { leadId, campaignId, ownerId, priceCents, at: at.toISOString() },
    });
    const asked = (leadId: string, campaignId: string, priceCents: number): LeadEvent => ({
      type: 'LeadReturnRequested',
      data: { leadId, returnId: returnOf[leadId]!, ownerId: ann, campaignId, priceCents, reason: 'bad_phone', comment: '' },
    });
    // Until both have read every event: on PostgreSQL a transaction open anywhere on the server holds readers back.
    const project = async () => {
      const runner = new SubscriptionRunner(db.store, db.pool, [leadsProjection, campaignsProjection]);
      for (const { name } of [leadsProjection, campaignsProjection]) {
        await vi.waitFor(
          async () => {
            await runner.catchUp(name);
            expect(await eventsNotRead(db.pool, name)).toBe(0);
          },
          { interval: 100, timeout: WAIT_CEILING_MS },
        );
      }
    };

    const createCampaign = (campaignId: string, ownerId: string, name: string) =>
      db.store.append(
        campaignStream(campaignId),
        [newEvent('CampaignCreated', { campaignId, ownerId, name, source: 'data_leads', tier: 'basic', budgetCents: 10_000, targeting }, ctx)],
        { expectedVersion: 'any' },
      );

    beforeAll(async () => {
      for (const [campaignId, ownerId, name] of [
        [alpha, ann, 'Alpha'],
        [beta, ann, 'Beta'],
        [bobs, bob, 'Bobs'],
      ] as const) {
        await createCampaign(campaignId, ownerId, name);
      }
      // Ann's Alpha buys two leads, her Beta one; the $25.50 lead is shared, Bob bought it too.
      await onLead(cheap, [sold(cheap, alpha, ann, 1_000)]);
      await onLead(returned, [sold(returned, alpha, ann, 2_550), sold(returned, bobs, bob, 2_550), asked(returned, alpha, 2_550)]);
      await onLead(denied, [
        sold(denied, beta, ann, 333),
        asked(denied, beta, 333),
        { type: 'LeadReturnDenied', data: { leadId: denied, returnId: returnOf[denied]!, ownerId: ann, reviewerId: bob, reason: 'No' } },
      ]);
      const capture = (userId: string, holdId: string, amountCents: number) =>
        newEvent(
          'HoldCaptured',
          {
            userId,
            holdId,
            captureId: randomUUID(),
            amountCents,
            cause: { kind: 'lead', id: randomUUID() },
            description: 'Lead',
            entry: { seq: 1, prevHash: '', hash: 'h' },
          },
          ctx,
        );
      await db.store.append(`wallet-${ann}`, [capture(ann, alpha, 1_000), capture(ann, alpha, 2_550), capture(ann, beta, 333)], { expectedVersion: 'any' });
      await db.store.append(`wallet-${bob}`, [capture(bob, bobs, 2_550)], { expectedVersion: 'any' });
      await project();
    });

    it('takes a lead returned and credited off spend per day, cost per lead and Avg Cost/Lead by exactly its price, for its buyer only; a rebuild gives the same figures', async () => {
      // Pending and denied returns cost what they cost.
      const before = await dashboardOf(db.pool, ann, NY);
      expect(before).toMatchObject({ totalLeads: 3, thisWeek: 3, avgCostCents: 1_294, returns: { requested: 2, approved: 0, rate: 0 } });
      expect(spend(before.perDay)).toBe(3_883);
      expect(before.byCampaign).toEqual([
        { campaignId: alpha, name: 'Alpha', leads: 2, spentCents: 3_550, costPerLeadCents: 1_775 },
        { campaignId: beta, name: 'Beta', leads: 1, spentCents: 333, costPerLeadCents: 333 },
      ]);
      const alphaBefore = spend(await leadsPerDay(db.pool, { campaignId: alpha }, NY));
      expect(alphaBefore).toBe(3_550);

      await onLead(returned, [
        { type: 'LeadReturnApproved', data: { leadId: returned, returnId: returnOf[returned]!, ownerId: ann, priceCents: 2_550, reviewerId: bob } },
      ]);
      await project();

      // Still three leads bought (one of them returned), but $25.50 less spent, on the dashboard and on Alpha's page.
      const after = await dashboardOf(db.pool, ann, NY);
      expect(spend(before.perDay) - spend(after.perDay)).toBe(2_550);
      expect(after.perDay.map((d) => d.leads)).toEqual(before.perDay.map((d) => d.leads));
      expect(after).toMatchObject({ totalLeads: 3, thisWeek: 3, avgCostCents: 667, returns: { requested: 2, approved: 1, rate: 1 / 3 } });
      expect(after.byCampaign).toEqual([
        { campaignId: alpha, name: 'Alpha', leads: 2, spentCents: 1_000, costPerLeadCents: 1_000 },
        { campaignId: beta, name: 'Beta', leads: 1, spentCents: 333, costPerLeadCents: 333 },
      ]);
      const alphaAfter = spend(await leadsPerDay(db.pool, { campaignId: alpha }, NY));
      expect(alphaBefore - alphaAfter).toBe(2_550);
      // The chart agrees with the campaign's own figure (spent less returned).
      const { rows } = await db.pool.query<{ spent: number }>('SELECT (spent_cents - returned_cents)::int AS spent FROM rm_campaigns WHERE campaign_id = $1', [
        alpha,
      ]);
      expect(rows[0]!.spent).toBe(alphaAfter);
      // Bob kept his copy of the shared lead: his spend is untouched.
      const bobs = await dashboardOf(db.pool, bob, NY);
      expect(bobs).toMatchObject({ totalLeads: 1, avgCostCents: 2_550 });
      expect(spend(bobs.perDay)).toBe(2_550);

      const runner = new SubscriptionRunner(db.store, db.pool, [leadsProjection, campaignsProjection]);
      await runner.rebuild(leadsProjection.name);
      await runner.rebuild(campaignsProjection.name);
      await project();
      expect(await dashboardOf(db.pool, ann, NY)).toEqual(after);
      expect(await dashboardOf(db.pool, bob, NY)).toEqual(bobs);
    });

    it('counts a lead bought at 02:00 UTC on the evening before, the organisation’s (New York) day, in the charts and My Leads’ day filter', async () => {
      const [cal, delta, leadId] = [randomUUID(), randomUUID(), randomUUID()];
      await createCampaign(delta, cal, 'Delta');
      const boughtAt = new Date('2026-11-27T02:00:00Z');
      const received = {
        leadId,
        vendorId: randomUUID(),
        externalId: null,
        duplicateOf: null,
        firstName: 'Nell',
        lastName: 'Night',
        phone: '+13055550177',
        email: null,
        state: 'FL',
        zip: '33101',
        dateOfBirth: '1960-01-02',
        age: 66,
        source: 'data_leads',
        tier: 'basic',
        consent: { text: 'yes', at: boughtAt.toISOString() },
      };
      await db.store.append(
        leadStream(leadId),
        [
          newEvent('LeadReceived', received, systemContext('test', boughtAt)),
          newEvent('LeadSold', sold(leadId, delta, cal, 1_200, boughtAt).data, systemContext('test', boughtAt)),
        ],
        { expectedVersion: 'any' },
      );
      await project();
      const now = new Date('2026-11-27T15:00:00Z');
      const days = await leadsPerDay(db.pool, { campaignId: delta }, NY, now);
      expect(days).toHaveLength(30);
      expect(days.at(-1)).toEqual({ day: '2026-11-27', leads: 0, spentCents: 0 });
      expect(days.at(-2)).toEqual({ day: '2026-11-26', leads: 1, spentCents: 1_200 });
      // In an organisation on UTC the same lead is the 27th's.
      expect((await leadsPerDay(db.pool, { campaignId: delta }, 'UTC', now)).at(-1)).toEqual({ day: '2026-11-27', leads: 1, spentCents: 1_200 });
      // Clicking the 26th's bar lists it; the 27th has none.
      expect((await ownedLeads(db.pool, cal, { day: '2026-11-26' }, 10, NY)).map((lead) => lead.leadId)).toEqual([leadId]);
      expect(await ownedLeads(db.pool, cal, { day: '2026-11-27' }, 10, NY)).toEqual([]);
      expect((await ownedLeads(db.pool, cal, { day: '2026-11-27' }, 10, 'UTC')).map((lead) => lead.leadId)).toEqual([leadId]);
    });

    it('shows a campaign whose only lead was returned as having spent nothing, its lead still counted', async () => {
      const leadId = randomUUID();
      const returnId = randomUUID();
      const gamma = randomUUID();
      await createCampaign(gamma, bob, 'Gamma');
      await onLead(leadId, [
        sold(leadId, gamma, bob, 700),
        { type: 'LeadReturnRequested', data: { leadId, returnId, ownerId: bob, campaignId: gamma, priceCents: 700, reason: 'duplicate', comment: '' } },
        { type: 'LeadReturnApproved', data: { leadId, returnId, ownerId: bob, priceCents: 700, reviewerId: ann } },
      ]);
      await project();
      const figures = await dashboardOf(db.pool, bob, NY);
      expect(figures).toMatchObject({ totalLeads: 2, avgCostCents: 2_550 });
      expect(spend(figures.perDay)).toBe(2_550);
      expect(figures.byCampaign).toEqual(expect.arrayContaining([{ campaignId: gamma, name: 'Gamma', leads: 1, spentCents: 0, costPerLeadCents: 0 }]));
    });
  });
}
