import { api, RawBody } from '../../../lib/api-client';

export type LeadVendorRow = {
  vendorId: string;
  name: string;
  keyPrefix: string;
  createdAt: string;
  revokedAt: string | null;
  sendsAgedLeads: boolean;
  leads: number;
  duplicates: number;
  lastLeadAt: string | null;
};

export type LeadPriceRow = { source: string; tier: string; priceCents: number | null; updatedAt: string | null };

export type ReturnStatus = 'pending' | 'approved' | 'denied';

export type LeadReturnRow = {
  returnId: string;
  leadId: string;
  ownerId: string;
  ownerEmail: string;
  priceCents: number;
  reason: string;
  comment: string;
  status: ReturnStatus;
  denyReason: string | null;
  requestedAt: string;
  reviewedAt: string | null;
  leadName: string | null;
  leadPhone: string | null;
  leadState: string | null;
};

export type AgedImportResult = {
  rows: number;
  imported: number;
  rejected: number;
  duplicates: { row: number; leadId: string; duplicateOf: string; field: 'externalId' | 'phone / email'; message: string }[];
  errors: { row: number; field: string; message: string }[];
};

export const fetchLeadVendors = async () => (await api<{ vendors: LeadVendorRow[] }>('GET', '/api/admin/lead-vendors')).vendors;
export const createLeadVendor = (name: string, sendsAgedLeads: boolean) =>
  api<{ vendorId: string; apiKey: string }>('POST', '/api/admin/lead-vendors', { name, sendsAgedLeads });
export const revokeLeadVendor = (vendorId: string) => api<{ vendorId: string; revoked: true }>('POST', `/api/admin/lead-vendors/${vendorId}/revoke`);
export const importAgedLeads = (vendorId: string, csv: string) =>
  api<AgedImportResult>('POST', `/api/admin/aged-leads/import?vendorId=${encodeURIComponent(vendorId)}`, new RawBody('text/csv', csv));

export const fetchLeadPrices = async () => (await api<{ prices: LeadPriceRow[] }>('GET', '/api/admin/lead-prices')).prices;
export const setLeadPrice = (source: string, tier: string, priceCents: number) =>
  api<{ source: string; tier: string; priceCents: number }>('PUT', `/api/admin/lead-prices/${source}/${tier}`, { priceCents });

export const fetchReturnReasons = async () => (await api<{ reasons: { code: string; label: string }[] }>('GET', '/api/leads/return-reasons')).reasons;
export const fetchLeadReturns = async (status: ReturnStatus) =>
  (await api<{ returns: LeadReturnRow[] }>('GET', `/api/admin/lead-returns?status=${status}`)).returns;
export const approveLeadReturn = (returnId: string) => api<{ returnId: string; status: 'approved' }>('POST', `/api/admin/lead-returns/${returnId}/approve`);
export const denyLeadReturn = (returnId: string, reason: string) =>
  api<{ returnId: string; status: 'denied' }>('POST', `/api/admin/lead-returns/${returnId}/deny`, { reason });
