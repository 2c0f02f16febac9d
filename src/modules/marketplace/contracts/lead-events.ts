import type { LeadSource } from './campaign-events.js';

/** A lead's events, on `lead-<leadId>` (issue 10): received from a vendor, then offered, reserved, bought, assigned. */
export const leadStream = (leadId: string) => `lead-${leadId}`;
export const leadVendorStream = (vendorId: string) => `lead-vendor-${vendorId}`;

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
};

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
    };

export type LeadVendorEvent =
  | { type: 'LeadVendorCreated'; data: { vendorId: string; name: string; keyPrefix: string } }
  | { type: 'LeadVendorRevoked'; data: { vendorId: string } };
