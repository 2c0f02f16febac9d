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
  /** The help request the return was started from (an admin started it there), or null. */
  ticketId: string | null;
};

/** An aged-lead CSV import as its job moves it on, then its report. */
export type AgedImport = {
  importId: string;
  adminId: string;
  vendorName: string;
  fileName: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows: number;
  rowsDone: number;
  imported: number;
  rejected: number;
  duplicates: { row: number; leadId: string; duplicateOf: string; field: 'externalId' | 'phone / email'; message: string }[];
  errors: { row: number; field: string; message: string }[];
  failure: string | null;
  createdAt: string;
};
export type AgedImportSummary = Omit<AgedImport, 'duplicates' | 'errors'> & { duplicateCount: number };

export const fetchLeadVendors = async () => (await api<{ vendors: LeadVendorRow[] }>('GET', '/api/admin/lead-vendors')).vendors;
export const createLeadVendor = (name: string, sendsAgedLeads: boolean) =>
  api<{ vendorId: string; apiKey: string }>('POST', '/api/admin/lead-vendors', { name, sendsAgedLeads });
export const revokeLeadVendor = (vendorId: string) => api<{ vendorId: string; revoked: true }>('POST', `/api/admin/lead-vendors/${vendorId}/revoke`);
export const startAgedImport = (vendorId: string, csv: string, fileName: string, idempotencyKey: string) =>
  api<AgedImport>(
    'POST',
    `/api/admin/aged-leads/import?vendorId=${encodeURIComponent(vendorId)}&fileName=${encodeURIComponent(fileName.slice(0, 200))}`,
    new RawBody('text/csv', csv),
    { 'idempotency-key': idempotencyKey },
  );
export const fetchAgedImport = (importId: string) => api<AgedImport>('GET', `/api/admin/aged-leads/imports/${importId}`);
/** An import's progress without its report, while it runs. */
export const fetchAgedImportProgress = (importId: string) => api<AgedImportSummary>('GET', `/api/admin/aged-leads/imports/${importId}?summary=true`);
export const fetchAgedImports = async () => (await api<{ imports: AgedImportSummary[] }>('GET', '/api/admin/aged-leads/imports')).imports;
export const agedImportReportUrl = (importId: string) => `/api/admin/aged-leads/imports/${importId}/report.csv`;

export const fetchLeadPrices = async () => (await api<{ prices: LeadPriceRow[] }>('GET', '/api/admin/lead-prices')).prices;
export const setLeadPrice = (source: string, tier: string, priceCents: number) =>
  api<{ source: string; tier: string; priceCents: number }>('PUT', `/api/admin/lead-prices/${source}/${tier}`, { priceCents });

export const fetchReturnReasons = async () => (await api<{ reasons: { code: string; label: string }[] }>('GET', '/api/leads/return-reasons')).reasons;
export const fetchLeadReturns = async (status: ReturnStatus) =>
  (await api<{ returns: LeadReturnRow[] }>('GET', `/api/admin/lead-returns?status=${status}`)).returns;
export const approveLeadReturn = (returnId: string) => api<{ returnId: string; status: 'approved' }>('POST', `/api/admin/lead-returns/${returnId}/approve`);
export const denyLeadReturn = (returnId: string, reason: string) =>
  api<{ returnId: string; status: 'denied' }>('POST', `/api/admin/lead-returns/${returnId}/deny`, { reason });
