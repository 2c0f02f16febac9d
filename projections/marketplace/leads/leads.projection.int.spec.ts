import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { leadStream, type LeadEvent } from '../../../src/modules/marketplace/contracts/lead-events.js';
import { newEvent, systemContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { leadsProjection } from './leads.projection.js';

const ROWS = `SELECT l.lead_id, l.first_name, l.status, l.buyers, l.duplicate_of, o.owner_id, o.campaign_id, o.price_cents
  FROM rm_leads l LEFT JOIN rm_owned_leads o ON o.lead_id = l.lead_id ORDER BY l.first_name, o.owner_id`;

for (const database of oneDatabase()) {
  describeOn(database, `leads projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('keeps each lead’s status and each buyer’s copy, and a rebuild gives the same rows', async () => {
      const [sold, unsold, duplicate] = [randomUUID(), randomUUID(), randomUUID()];
      const [ann, bob, camp] = [randomUUID(), randomUUID(), randomUUID()];
      const received = (leadId: string, firstName: string, duplicateOf: string | null = null): LeadEvent => ({
        type: 'LeadReceived',
        data: {
          leadId,
          vendorId: randomUUID(),
          externalId: null,
          duplicateOf,
          firstName,
          lastName: 'X',
          phone: '+13055550100',
          email: null,
          state: 'FL',
          zip: '33101',
          dateOfBirth: null,
          age: 50,
          source: 'data_leads',
          tier: 'premium',
          consent: { text: 'yes', at: '2026-11-01T00:00:00.000Z' },
        },
      });
      const append = (leadId: string, events: LeadEvent[]) =>
        db.store.append(
          leadStream(leadId),
          events.map((e) => newEvent(e.type, e.data, systemContext('test'))),
          { expectedVersion: 'any' },
        );
      await append(sold, [
        received(sold, 'a sold'),
        { type: 'LeadOffered', data: { leadId: sold, campaignId: camp, ownerId: ann, priceCents: 1_000, maxBuyers: 3 } },
        { type: 'LeadSold', data: { leadId: sold, campaignId: camp, ownerId: ann, priceCents: 1_000, at: '2026-11-02T00:00:00.000Z' } },
        { type: 'LeadSold', data: { leadId: sold, campaignId: randomUUID(), ownerId: bob, priceCents: 1_000, at: '2026-11-02T00:00:00.000Z' } },
        { type: 'LeadAllocated', data: { leadId: sold, buyers: 2, passedOver: [] } },
      ]);
      await append(unsold, [received(unsold, 'b unsold'), { type: 'LeadAllocated', data: { leadId: unsold, buyers: 0, passedOver: [] } }]);
      await append(duplicate, [received(duplicate, 'c duplicate', sold)]);

      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, leadsProjection, ROWS);
      expect(live).toHaveLength(4);
      expect(live).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ lead_id: sold, status: 'sold', buyers: 2, owner_id: ann, campaign_id: camp, price_cents: 1_000 }),
          expect.objectContaining({ lead_id: sold, status: 'sold', buyers: 2, owner_id: bob }),
          expect.objectContaining({ lead_id: unsold, status: 'unsold', buyers: 0, owner_id: null }),
          expect.objectContaining({ lead_id: duplicate, status: 'duplicate', duplicate_of: sold, owner_id: null }),
        ]),
      );
      expect(rebuilt).toEqual(live);
      expect(changes.map((c) => c.topic)).toEqual(['leads', 'leads']);
    });
  });
}
