import type { DeliverableLead } from '../delivery/lead-sender.js';

/** A lead's fields by the names agents map them with (VanillaSoft's field mappings): our name → its value as text. */
export const LEAD_FIELDS = {
  lead_id: (lead) => lead.leadId,
  first_name: (lead) => lead.firstName,
  last_name: (lead) => lead.lastName,
  full_name: (lead) => `${lead.firstName} ${lead.lastName}`.trim(),
  phone: (lead) => lead.phone,
  email: (lead) => lead.email ?? '',
  city: (lead) => lead.city ?? '',
  state: (lead) => lead.state,
  zip: (lead) => lead.zip,
  date_of_birth: (lead) => lead.dateOfBirth ?? '',
  age: (lead) => (lead.age === null ? '' : String(lead.age)),
  source: (lead) => lead.source,
  tier: (lead) => lead.tier,
  company_name: (lead) => lead.companyName ?? '',
  campaign_name: (lead) => lead.campaignName ?? '',
  price: (lead) => (lead.priceCents / 100).toFixed(2),
  bought_at: (lead) => lead.boughtAt,
  consent_text: (lead) => lead.consent?.text ?? '',
  notes: (lead) => lead.notes ?? '',
} as const satisfies Record<string, (lead: DeliverableLead) => string>;

export type LeadField = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadField[];
export const isLeadField = (name: string): name is LeadField => Object.hasOwn(LEAD_FIELDS, name);
