import type { SqlClient } from '../../../platform/persistence/sql.js';
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

type LeadRow = {
  lead_id: string;
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

/** The lead as it goes out, or null when the leads read model does not have it (yet). */
export async function deliverableLead(db: SqlClient, leadId: string, purchase: Purchase): Promise<DeliverableLead | null> {
  const { rows } = await db.query<LeadRow>(
    `SELECT lead_id, first_name, last_name, phone, email, state, zip, city, date_of_birth, age, source, tier, company_name, consent_text, consent_at FROM rm_leads WHERE lead_id = $1`,
    [leadId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    leadId: row.lead_id,
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
