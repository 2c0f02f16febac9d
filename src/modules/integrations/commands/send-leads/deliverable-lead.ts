import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { leadStream, type LeadEvent } from '../../../marketplace/contracts/lead-events.js';
import type { DeliverableLead } from '../../delivery/lead-sender.js';

type Extra = { readonly leadSource: string | undefined; readonly notes: string; readonly priceCents: number | null };

/**
 * A lead as it goes out, from its own stream (the write side): the person as received, the
 * time it was first bought (or received, if never bought), and what the admin's send adds:
 * a lead source in place of ours, notes and a cost. Null when the stream has no lead.
 */
export async function deliverableLead(store: EventStore, leadId: string, extra: Extra): Promise<DeliverableLead | null> {
  const events = (await store.readStream(leadStream(leadId))) as unknown as readonly (LeadEvent & { metadata: { occurredAt: string } })[];
  const received = events.find((event) => event.type === 'LeadReceived');
  if (!received || received.type !== 'LeadReceived') return null;
  const sold = events.find((event) => event.type === 'LeadSold');
  const details = received.data;
  return {
    leadId,
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone,
    email: details.email,
    state: details.state,
    zip: details.zip,
    city: details.city ?? null,
    dateOfBirth: details.dateOfBirth,
    age: details.age,
    source: extra.leadSource || details.source,
    tier: details.tier,
    companyName: details.companyName ?? null,
    campaignId: null,
    campaignName: null,
    priceCents: extra.priceCents ?? (sold?.type === 'LeadSold' ? sold.data.priceCents : 0),
    boughtAt: sold?.type === 'LeadSold' ? sold.data.at : received.metadata.occurredAt,
    consent: details.consent,
    notes: extra.notes || null,
  };
}
