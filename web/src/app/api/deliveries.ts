import { api } from '../../lib/api-client';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'held' | 'skipped';
export type Delivery = {
  deliveryId: string;
  integrationId: string;
  provider: string;
  integrationName: string | null;
  leadId: string | null;
  leadName: string | null;
  isTest: boolean;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  /** The latest attempt was a resend the agent asked for, and it failed (a delivered lead stays delivered). */
  lastResendFailed: boolean;
  nextAttemptAt: string | null;
  createdAt: string;
  succeededAt: string | null;
  source: string;
  campaignName: string | null;
};
export type DeliveryAttempt = {
  attempt: number;
  trigger: 'automatic' | 'manual' | 'test' | 'replay';
  startedAt: string;
  durationMs: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  responsePreview: string;
};
export type SendOutcome = { ok: boolean; status: number | null; durationMs: number; preview: string; error: string | null };
export type Destinations = { sources: string[] | null; campaignIds: string[] | null };
export type DestinationChoices = {
  destinations: Destinations;
  sources: { source: string; label: string }[];
  campaigns: { campaignId: string; name: string; status: string }[];
};

export const fetchDeliveries = (filters: { integrationId?: string; leadId?: string; status?: string; before?: string }) => {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return api<{ deliveries: Delivery[]; next: string | null }>('GET', `/api/deliveries?${query.toString()}`);
};
export const fetchDelivery = (deliveryId: string) => api<Delivery & { attempts: DeliveryAttempt[] }>('GET', `/api/deliveries/${deliveryId}`);
export const resendDelivery = (deliveryId: string) => api<{ attempt: number }>('POST', `/api/deliveries/${deliveryId}/resend`);
export const resendFailed = (integrationId: string, since: string) =>
  api<{ resent: number }>('POST', `/api/integration-connections/${integrationId}/resend-failed`, { since });
export const testSend = (integrationId: string) =>
  api<{ deliveryId: string; outcome: SendOutcome; sentAt: string }>('POST', `/api/integration-connections/${integrationId}/test`);
export const enableIntegration = (integrationId: string, replay: boolean) =>
  api<{ replayed: number; skipped: number }>('POST', `/api/integration-connections/${integrationId}/enable`, { replay });
export const fetchDestinations = (integrationId: string) => api<DestinationChoices>('GET', `/api/integration-connections/${integrationId}/destinations`);
export const saveDestinations = (integrationId: string, destinations: Destinations) =>
  api<{ destinations: Destinations }>('PUT', `/api/integration-connections/${integrationId}/destinations`, destinations);
