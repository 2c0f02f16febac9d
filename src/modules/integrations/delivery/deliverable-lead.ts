import type { DeliverableLeadRow } from '../../marketplace/contracts/lead-directory.js';
import type { DestinationSource } from './destinations.js';
import type { DeliverableLead } from './lead-sender.js';

/** What a delivery keeps of how the agent got the lead (the person is read from the leads read model when sending). */
export type Purchase = {
  readonly source: DestinationSource;
  readonly campaignId: string | null;
  readonly campaignName: string | null;
  readonly priceCents: number;
  readonly boughtAt: string;
};

/** The lead as it goes out, from its read-model row and how the agent got it. */
export function deliverableLeadOf(leadId: string, row: DeliverableLeadRow, purchase: Purchase): DeliverableLead {
  return {
    leadId,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    state: row.state,
    zip: row.zip,
    city: row.city,
    dateOfBirth: row.date_of_birth === null ? null : typeof row.date_of_birth === 'string' ? row.date_of_birth : row.date_of_birth.toISOString().slice(0, 10),
    age: row.age,
    source: purchase.source === 'assigned' ? row.source : purchase.source,
    tier: row.tier,
    companyName: row.company_name,
    campaignId: purchase.campaignId,
    campaignName: purchase.campaignName,
    priceCents: purchase.priceCents,
    boughtAt: purchase.boughtAt,
    consent: { text: row.consent_text, at: new Date(row.consent_at).toISOString() },
  };
}

/** The made-up lead a test-send carries (555-01xx numbers are reserved for fiction). */
export function sampleLead(deliveryId: string, now: Date): DeliverableLead {
  return {
    leadId: deliveryId,
    firstName: 'Sample',
    lastName: 'Lead',
    phone: '+13055550123',
    email: 'sample.lead@example.com',
    state: 'FL',
    zip: '33101',
    city: 'Miami',
    dateOfBirth: '1961-04-12',
    age: 65,
    source: 'data_leads',
    tier: 'premium',
    companyName: null,
    campaignId: null,
    campaignName: 'Test send',
    priceCents: 0,
    boughtAt: now.toISOString(),
    consent: { text: 'Sample lead sent as a test from the integration page.', at: now.toISOString() },
  };
}
