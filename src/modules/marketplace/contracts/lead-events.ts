import type { LeadSource } from './campaign-events.js';

/** A lead's events, on `lead-<leadId>`: received from a vendor, then offered, reserved, bought, assigned. */
export const leadStream = (leadId: string) => `lead-${leadId}`;
export const leadVendorStream = (vendorId: string) => `lead-vendor-${vendorId}`;
export const agedOrderStream = (orderId: string) => `aged-order-${orderId}`;
export const businessOrderStream = (orderId: string) => `business-order-${orderId}`;
export const agedImportStream = (importId: string) => `aged-import-${importId}`;

/** An aged-lead package bought: the leads it got, charged at once from the wallet. */
export type AgedOrderEvent = {
  type: 'AgedOrderPlaced';
  data: { orderId: string; ownerId: string; tier: string; leadIds: readonly string[]; priceCents: number; perLeadCents: number };
};

/** Business leads bought by the piece (purchase-business-leads): the leads it got, charged at once from the wallet. */
export type BusinessOrderEvent = {
  type: 'BusinessOrderPlaced';
  data: {
    orderId: string;
    ownerId: string;
    campaign: string;
    state: string | null;
    city: string | null;
    leadIds: readonly string[];
    priceCents: number;
    perLeadCents: number;
  };
};

/** A lead as the intake API accepted it: the person, where they live, their consent, and the vendor's labels. */
export type LeadDetails = {
  readonly firstName: string;
  readonly lastName: string;
  /** E.164, e.g. +13055550123. */
  readonly phone: string;
  readonly email: string | null;
  readonly state: string;
  readonly zip: string;
  readonly dateOfBirth: string | null;
  readonly age: number | null;
  readonly source: LeadSource;
  readonly tier: string;
  readonly consent: { readonly text: string; readonly at: string };
  /** A business lead's company, city and the vendor's own lead source (absent on leads received before business leads). */
  readonly companyName?: string | null;
  readonly city?: string | null;
  readonly leadSourceId?: string | null;
};

/** Why an agent returns a lead (SmartFinancial's list). */
export const RETURN_REASONS = {
  bad_phone: 'Bad phone numbers',
  duplicate: 'Duplicate',
  fake_information: 'Fake information',
  outside_states: "Outside the campaign's states",
  testing: 'Testing',
  language_barrier: 'Language barrier',
  already_customer: 'Already a customer',
  system_error: 'System error',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

/** Why a campaign did not get a lead ("why no leads?"). */
export type PassOverReason = 'state' | 'schedule' | 'paused' | 'daily_cap' | 'weekly_cap' | 'budget' | 'already_owned' | 'sold_out';

export type LeadEvent =
  | {
      type: 'LeadReceived';
      data: LeadDetails & {
        leadId: string;
        vendorId: string;
        externalId: string | null;
        /** The earlier lead with the same phone or e-mail within the duplicate window: this one is never sold. */
        duplicateOf: string | null;
      };
    }
  /** The lead is offered to one campaign at a price fixed now; the sale or the refusal follows. */
  | { type: 'LeadOffered'; data: { leadId: string; campaignId: string; ownerId: string; priceCents: number; maxBuyers: number } }
  | { type: 'LeadSold'; data: { leadId: string; campaignId: string; ownerId: string; priceCents: number; at: string } }
  | { type: 'LeadOfferDeclined'; data: { leadId: string; campaignId: string; ownerId: string; reason: PassOverReason } }
  | {
      type: 'LeadReturnRequested';
      /** `ticketId`: the help request an admin started the return from, for the agent (linked both ways). */
      data: {
        leadId: string;
        returnId: string;
        ownerId: string;
        campaignId: string;
        priceCents: number;
        reason: ReturnReason;
        comment: string;
        ticketId?: string;
      };
    }
  /** An admin approved the return: the lead's price goes back to the buyer, and the lead is never sold again. */
  | { type: 'LeadReturnApproved'; data: { leadId: string; returnId: string; ownerId: string; priceCents: number; reviewerId: string; ticketId?: string } }
  | { type: 'LeadReturnDenied'; data: { leadId: string; returnId: string; ownerId: string; reviewerId: string; reason: string; ticketId?: string } }
  /** Allocation is over: who bought it, and the campaigns of its kind passed over with why. */
  | { type: 'LeadAllocated'; data: { leadId: string; buyers: number; passedOver: readonly { campaignId: string; reason: PassOverReason }[] } };

export type LeadVendorEvent =
  /** sendsAgedLeads is absent from vendors created before the setting existed: false. */
  | { type: 'LeadVendorCreated'; data: { vendorId: string; name: string; keyPrefix: string; sendsAgedLeads?: boolean } }
  | { type: 'LeadVendorChanged'; data: { vendorId: string; sendsAgedLeads: boolean } }
  | { type: 'LeadVendorRevoked'; data: { vendorId: string } };

/** An admin's aged-lead CSV import: started when the file is accepted, finished when its job has stored every row (or failed). */
export type AgedImportEvent =
  | { type: 'AgedImportStarted'; data: { importId: string; vendorId: string; rows: number; fileName: string | null } }
  | { type: 'AgedImportFinished'; data: { importId: string; vendorId: string; rows: number; imported: number; duplicates: number; rejected: number } }
  | { type: 'AgedImportFailed'; data: { importId: string; vendorId: string; rowsDone: number; reason: string } };
