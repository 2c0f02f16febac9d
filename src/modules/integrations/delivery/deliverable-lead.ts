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

export type LeadRow = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  state: string;
  zip: string;
  city: string | null;
  date_of_birth: Date | string | null;
  age: number | null;
  source: string;
  tier: string;
  company_name: string | null;
  consent_text: string;
  consent_at: Date;
};

/** The leads read model's columns a delivery sends (alias `l`), named as LeadRow. */
export const LEAD_COLUMNS =
  'l.first_name, l.last_name, l.phone, l.email, l.state, l.zip, l.city, l.date_of_birth, l.age, l.source, l.tier, l.company_name, l.consent_text, l.consent_at';

/** The lead as it goes out, from its read-model row and how the agent got it. */
export function deliverableLeadOf(leadId: string, row: LeadRow, purchase: Purchase): DeliverableLead {
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
