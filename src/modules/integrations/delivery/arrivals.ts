import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { campaignNames, ownedLead } from '../../marketplace/contracts/lead-directory.js';
import type { DestinationSource } from './destinations.js';

/** The lead events that put leads in an agent's hands (marketplace contracts, read as stored). */
export const ARRIVAL_EVENT_TYPES = ['LeadSold', 'LeadAssigned', 'AgedOrderPlaced', 'BusinessOrderPlaced'] as const;

/** Leads that reached one agent one way: what a delivery sends beside the person. */
export type Arrival = {
  readonly recipientId: string;
  readonly leadIds: readonly string[];
  readonly source: DestinationSource;
  readonly campaignId: string | null;
  readonly campaignName: string | null;
  readonly priceCents: number;
  readonly boughtAt: string;
};

/** A lead's owner copy is not in the read model yet: the job runs again shortly. */
export class ArrivalNotReadable extends Error {
  constructor(what: string) {
    super(`${what} is not in the read models yet`);
    this.name = 'ArrivalNotReadable';
  }
}

type Sold = { leadId: string; campaignId: string; ownerId: string; priceCents: number; at: string };
type Assigned = { leadId: string; ownerId: string; assigneeId: string };
type Ordered = { ownerId: string; leadIds: string[]; perLeadCents: number; campaign?: string };

/**
 * The arrivals of many stored events, in their order (null where an event puts no lead in
 * anyone's hands), the campaigns' names read once for all the sales among them. An event
 * whose lead is not readable yet comes back as its ArrivalNotReadable, beside the others.
 */
export async function arrivalsOf(events: readonly JsonEvent[], db: SqlClient): Promise<(Arrival | ArrivalNotReadable | null)[]> {
  const soldCampaigns = [...new Set(events.filter((e) => e.type === 'LeadSold').map((e) => (e.data as Sold).campaignId))];
  const names = await campaignNames(db, soldCampaigns);
  return Promise.all(
    events.map(async (event) => {
      if (event.type === 'LeadSold') return soldArrival(event.data as Sold, names.get((event.data as Sold).campaignId) ?? null);
      try {
        return await arrivalOf(event, db);
      } catch (error) {
        if (error instanceof ArrivalNotReadable) return error;
        throw error;
      }
    }),
  );
}

const soldArrival = (d: Sold, campaignName: string | null): Arrival => ({
  recipientId: d.ownerId,
  leadIds: [d.leadId],
  source: 'data_leads',
  campaignId: d.campaignId,
  campaignName,
  priceCents: d.priceCents,
  boughtAt: d.at,
});

/**
 * Who got which leads from a stored event: a campaign's owner on LeadSold, the member a
 * lead was assigned to on LeadAssigned (the owner's copy tells the price and campaign), the
 * buyer of an aged or business order.
 */
export async function arrivalOf(event: JsonEvent, db: SqlClient): Promise<Arrival | null> {
  switch (event.type) {
    case 'LeadSold': {
      const d = event.data as Sold;
      const names = await campaignNames(db, [d.campaignId]);
      return soldArrival(d, names.get(d.campaignId) ?? null);
    }
    case 'LeadAssigned': {
      const d = event.data as Assigned;
      if (d.assigneeId === d.ownerId) return null;
      const owned = await ownedLead(db, d.leadId, d.ownerId);
      if (!owned) throw new ArrivalNotReadable(`Lead ${d.leadId} of ${d.ownerId}`);
      return {
        recipientId: d.assigneeId,
        leadIds: [d.leadId],
        source: 'assigned',
        campaignId: owned.campaignId,
        campaignName: owned.campaignName,
        priceCents: owned.priceCents,
        boughtAt: event.metadata.occurredAt,
      };
    }
    case 'AgedOrderPlaced':
    case 'BusinessOrderPlaced': {
      const d = event.data as Ordered;
      const business = event.type === 'BusinessOrderPlaced';
      return {
        recipientId: d.ownerId,
        leadIds: d.leadIds,
        source: business ? 'business_leads' : 'aged_leads',
        campaignId: null,
        campaignName: business ? (d.campaign ?? null) : null,
        priceCents: d.perLeadCents,
        boughtAt: event.metadata.occurredAt,
      };
    }
    default:
      return null;
  }
}
