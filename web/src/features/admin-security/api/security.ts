import { api } from '../../../lib/api-client';

export type UserLabel = { id: string; email: string; displayName: string | null };

export type SecurityEvent = {
  eventId: string;
  eventType: string;
  severity: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  createdAt: string;
  user: UserLabel | null;
};

export type SecurityAlert = {
  alertId: string;
  alertType: string;
  severity: string;
  userId: string | null;
  ipAddress: string | null;
  eventCount: number;
  details: { message: string };
  status: 'active' | 'acknowledged' | 'resolved';
  note: string | null;
  createdAt: string;
  lastSeenAt: string;
  user: UserLabel | null;
};

/** `user` is an e-mail address or a user id. */
export type EventFilters = { type?: string; user?: string; ip?: string };

export async function fetchSecurityEvents(filters: EventFilters): Promise<SecurityEvent[]> {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  return (await api<{ events: SecurityEvent[] }>('GET', `/api/admin/security/events?${query}`)).events;
}

export const fetchActiveAlerts = async () => (await api<{ alerts: SecurityAlert[] }>('GET', '/api/admin/security/alerts')).alerts;

export const updateAlert = (alertId: string, status: 'acknowledged' | 'resolved', note?: string) =>
  api<{ success: true }>('POST', `/api/admin/security/alerts/${alertId}`, { status, note: note || undefined });
