import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { campaignStream, type CampaignEvent, type Targeting } from '../../../src/modules/marketplace/contracts/campaign-events.js';
import type { LeadEvent } from '../../../src/modules/marketplace/contracts/lead-events.js';
import { newEvent, userRequestContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { CAMPAIGNS_TOPIC, campaignsProjection } from './campaigns.projection.js';

const ROWS = `SELECT campaign_id, owner_id, name, source, tier, status, budget_cents::int AS budget_cents, spent_cents::int AS spent_cents, returned_cents::int AS returned_cents, lead_count, targeting, status_reason
  FROM rm_campaigns ORDER BY name`;
const targeting: Targeting = { states: ['FL'], dailyCap: 5, weeklyCap: null, schedule: null, timeZone: 'America/New_York' };

for (const database of oneDatabase()) {
  describeOn(database, `campaigns projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('follows each campaign’s status, budget and the spend captured from its hold, and a rebuild gives the same rows', async () => {
      const owner = randomUUID();
      const ctx = userRequestContext(owner);
      const [running, refused] = [randomUUID(), randomUUID()];
      const created = (campaignId: string, name: string): CampaignEvent => ({
        type: 'CampaignCreated',
        data: { campaignId, ownerId: owner, name, source: 'data_leads', tier: 'premium', budgetCents: 5_000, targeting },
      });
      const onCampaign = (campaignId: string, events: CampaignEvent[]) =>
        db.store.append(
          campaignStream(campaignId),
          events.map((e) => newEvent(e.type, e.data, ctx)),
          { expectedVersion: 'any' },
        );
      await onCampaign(running, [
        created(running, 'a running'),
        { type: 'CampaignFunded', data: { campaignId: running, ownerId: owner, amountCents: 5_000 } },
        { type: 'BudgetRaised', data: { campaignId: running, ownerId: owner, requestId: 'r', amountCents: 1_000 } },
        { type: 'CampaignPaused', data: { campaignId: running, ownerId: owner } },
        { type: 'CampaignResumed', data: { campaignId: running, ownerId: owner } },
        { type: 'BudgetLowered', data: { campaignId: running, ownerId: owner, amountCents: 500 } },
      ]);
      await onCampaign(refused, [
        created(refused, 'b refused'),
        { type: 'CampaignFundingFailed', data: { campaignId: refused, ownerId: owner, reason: 'Insufficient balance.' } },
      ]);
      // Two leads bought from the running campaign's hold, and a capture of some other hold.
      const capture = (holdId: string, amountCents: number) =>
        newEvent(
          'HoldCaptured',
          {
            userId: owner,
            holdId,
            captureId: randomUUID(),
            amountCents,
            cause: { kind: 'lead', id: randomUUID() },
            description: 'Lead',
            entry: { seq: 1, prevHash: '', hash: 'h' },
          },
          ctx,
        );
      await db.store.append(`wallet-${owner}`, [capture(running, 350), capture(running, 400), capture('not-a-campaign', 100)], { expectedVersion: 'any' });

      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, campaignsProjection, ROWS);
      expect(live).toEqual([
        {
          campaign_id: running,
          owner_id: owner,
          name: 'a running',
          source: 'data_leads',
          tier: 'premium',
          status: 'active',
          budget_cents: 5_500,
          spent_cents: 750,
          returned_cents: 0,
          lead_count: 2,
          targeting,
          status_reason: null,
        },
        {
          campaign_id: refused,
          owner_id: owner,
          name: 'b refused',
          source: 'data_leads',
          tier: 'premium',
          status: 'unfunded',
          budget_cents: 5_000,
          spent_cents: 0,
          returned_cents: 0,
          lead_count: 0,
          targeting,
          status_reason: 'Insufficient balance.',
        },
      ]);
      expect(rebuilt).toEqual(live);
      expect(changes.every((change) => change.userId === owner && change.topic === CAMPAIGNS_TOPIC)).toBe(true);
    });

    it('takes an approved return’s price off what its campaign spent, once, and leaves denied, pending and campaign-less returns alone; a rebuild gives the same rows', async () => {
      const owner = randomUUID();
      const ctx = userRequestContext(owner);
      const campaignId = randomUUID();
      await db.store.append(
        campaignStream(campaignId),
        [newEvent('CampaignCreated', { campaignId, ownerId: owner, name: 'returns', source: 'data_leads', tier: 'basic', budgetCents: 3_000, targeting }, ctx)],
        { expectedVersion: 'any' },
      );
      const capture = (amountCents: number) =>
        newEvent(
          'HoldCaptured',
          {
            userId: owner,
            holdId: campaignId,
            captureId: randomUUID(),
            amountCents,
            cause: { kind: 'lead', id: randomUUID() },
            description: 'Lead',
            entry: { seq: 1, prevHash: '', hash: 'h' },
          },
          ctx,
        );
      await db.store.append(`wallet-${owner}`, [capture(500), capture(400), capture(300)], { expectedVersion: 'any' });
      const onLead = async (priceCents: number, outcome: 'approved' | 'approved twice' | 'denied' | 'pending', onCampaign: string = campaignId) => {
        const leadId = randomUUID();
        const returnId = randomUUID();
        const base = { leadId, returnId, ownerId: owner };
        const events: LeadEvent[] = [{ type: 'LeadReturnRequested', data: { ...base, campaignId: onCampaign, priceCents, reason: 'bad_phone', comment: '' } }];
        if (outcome.startsWith('approved')) events.push({ type: 'LeadReturnApproved', data: { ...base, priceCents, reviewerId: owner } });
        if (outcome === 'approved twice') events.push({ type: 'LeadReturnApproved', data: { ...base, priceCents, reviewerId: owner } });
        if (outcome === 'denied') events.push({ type: 'LeadReturnDenied', data: { ...base, reviewerId: owner, reason: 'No' } });
        await db.store.append(
          `lead-${leadId}`,
          events.map((e) => newEvent(e.type, e.data, ctx)),
          { expectedVersion: 'any' },
        );
      };
      await onLead(500, 'approved twice');
      await onLead(400, 'denied');
      await onLead(300, 'pending');
      await onLead(250, 'approved', '');

      const { live, rebuilt } = await liveThenRebuilt(
        db.store,
        db.pool,
        campaignsProjection,
        `SELECT spent_cents::int AS spent, returned_cents::int AS returned, lead_count FROM rm_campaigns WHERE campaign_id = '${campaignId}'`,
      );
      expect(live).toEqual([{ spent: 1_200, returned: 500, lead_count: 3 }]);
      expect(rebuilt).toEqual(live);
    });
  });
}
