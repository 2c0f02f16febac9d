import { z } from 'zod';

/** Where leads come from, as an agent buys them (the Destinations card's choices). */
export const LEAD_SOURCES = [
  { source: 'data_leads', label: 'Data Leads (campaigns)' },
  { source: 'aged_leads', label: 'Aged Leads' },
  { source: 'business_leads', label: 'Business Leads' },
  { source: 'assigned', label: 'Leads assigned to me by a group owner' },
] as const;
export type DestinationSource = (typeof LEAD_SOURCES)[number]['source'];

/** Which of an agent's leads an integration receives: null is every one. */
export type Destinations = { readonly sources: readonly DestinationSource[] | null; readonly campaignIds: readonly string[] | null };

export const EVERY_LEAD: Destinations = { sources: null, campaignIds: null };

export const destinationsSchema = z.object({
  sources: z
    .array(z.enum(LEAD_SOURCES.map((s) => s.source) as [DestinationSource, ...DestinationSource[]], { message: 'Choose sources from the list' }))
    .max(LEAD_SOURCES.length)
    .nullable()
    .transform((list) => (list === null ? null : [...new Set(list)])),
  campaignIds: z
    .array(z.uuid({ message: 'Choose campaigns from the list' }))
    .max(1_000, 'Choose at most 1,000 campaigns')
    .nullable()
    .transform((list) => (list === null ? null : [...new Set(list)])),
});

/** As stored (a jsonb that may predate a field). */
export function destinationsOf(stored: unknown): Destinations {
  const parsed = destinationsSchema.partial().safeParse(stored ?? {});
  return parsed.success ? { sources: parsed.data.sources ?? null, campaignIds: parsed.data.campaignIds ?? null } : EVERY_LEAD;
}

/** How the recipient got the lead: bought through one of their campaigns, bought otherwise, or given by a group owner. */
export type Arrival = { readonly source: DestinationSource; readonly campaignId: string | null };

/** Whether a lead that arrived this way goes to an integration with these destinations. */
export function routes(destinations: Destinations, arrival: Arrival): boolean {
  if (destinations.sources !== null && !destinations.sources.includes(arrival.source)) return false;
  // The campaign choice narrows the agent's own campaigns' leads; other sources pass it.
  if (destinations.campaignIds !== null && arrival.source === 'data_leads')
    return arrival.campaignId !== null && destinations.campaignIds.includes(arrival.campaignId);
  return true;
}
