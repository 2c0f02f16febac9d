import { api } from '../../../lib/api-client';

/** A fresh Idempotency-Key for one press of a money button (the API requires one on every money write). */
const once = () => ({ 'idempotency-key': crypto.randomUUID() });

export type BusinessPurchase = { quantity: number; pricePerLeadCents: number; campaign: string; filters: { state: string | null; city: string | null } };
export const purchaseBusinessLeads = (body: BusinessPurchase) => api<unknown>('POST', '/api/business-leads/purchase', body, once());
export const fetchMyBusinessLeads = () => api<{ success: boolean; leads: unknown[] }>('GET', '/api/business-leads');

export type Transfer = { amountCents: number; recipientEmail: string; description: string };
export const sendTransfer = (body: Transfer) => api<unknown>('POST', '/api/wallet/transfers', body, once());
export const fetchTransferHistory = () => api<unknown>('GET', '/api/wallet/transfers');

/** The transaction id is the order's key: the same id again answers the first purchase and buys nothing. */
export type AgedPurchase = { agentEmail: string; quantity: number; tier: 'aged' | 'jgsheet'; states: string[]; transactionId: string };
export const purchaseInquiryAgedLeads = (body: AgedPurchase) => api<unknown>('POST', '/api/admin/aged-leads/inquiry-purchase', body);

export const addTestCredit = (userId: string, amountCents: number) =>
  api<{ creditId: string; availableCents: number }>('POST', `/api/admin/wallets/${encodeURIComponent(userId)}/test-credit`, { amountCents }, once());
export const fetchBalance = () => api<unknown>('GET', '/api/wallet');

export type SendLeadsAnswer = { results: { leadId: number; status: 'sent' | 'failed'; error: string | null }[]; sent: number; failed: number };
/** Sent through the admin's own connected integration: the page never takes or shows a credential. */
export const sendLeadsToRingy = (body: { leadIds: number[]; leadSource?: string; costPerLead?: number; notes?: string }) =>
  api<SendLeadsAnswer>('POST', '/api/admin/send-leads-to-ringy', body);
export const sendLeadsToVanillaSoft = (body: { leadIds: number[]; leadSource?: string; notes?: string }) =>
  api<SendLeadsAnswer>('POST', '/api/admin/send-leads-to-vanillasoft', body);
