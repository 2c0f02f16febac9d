import { api } from '../../../lib/api-client';

export type AuditActor = { type: 'user' | 'system'; id: string; email: string | null; displayName: string | null };

export type AuditEvent = {
  eventId: string;
  occurredAt: string;
  actor: AuditActor;
  eventType: string;
  streamId: string;
  streamType: string;
  streamVersion: string;
  correlationId: string;
  causationId: string | null;
  summary: string;
};

export type AuditEventDetail = {
  event: AuditEvent & {
    data: unknown;
    metadata: Record<string, unknown>;
    recordedAt: string;
    position: { commit: string; prepare: string };
  };
  chain: AuditEvent[];
  chainTruncated: boolean;
};

export type AuditFilters = { actor?: string; type?: string; stream?: string; streamType?: string; from?: string; to?: string };

export type AuditPage = { events: AuditEvent[]; nextCursor: string | null };

export async function fetchAuditPage(filters: AuditFilters, limit: number, cursor: string | null): Promise<AuditPage> {
  const query = new URLSearchParams(
    Object.entries({ ...filters, cursor: cursor ?? undefined }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  query.set('limit', String(limit));
  return api<AuditPage>('GET', `/api/admin/audit/events?${query}`);
}

export const fetchAuditEvent = (eventId: string) => api<AuditEventDetail>('GET', `/api/admin/audit/events/${eventId}`);

export const fetchAuditFacets = () => api<{ eventTypes: string[]; streamTypes: string[] }>('GET', '/api/admin/audit/facets');
