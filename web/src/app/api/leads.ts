import { api } from '../../lib/api-client';

export type OwnedLead = {
  leadId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  state: string;
  zip: string;
  age: number | null;
  dateOfBirth: string | null;
  source: string;
  tier: string;
  campaignId: string | null;
  campaignName: string | null;
  priceCents: number;
  boughtAt: string;
  assigneeId: string | null;
  assigneeEmail: string | null;
};

export type Assignee = { userId: string; email: string; name: string | null };
export type AssignedLead = Pick<OwnedLead, 'leadId' | 'firstName' | 'lastName' | 'phone' | 'email' | 'state' | 'zip' | 'source' | 'tier'> & {
  ownerEmail: string;
  how: 'manual' | 'round_robin';
  assignedAt: string;
};

export type LeadFilters = { search?: string; source?: string; campaignId?: string; state?: string; day?: string };
export type LeadReturn = {
  returnId: string;
  leadId: string;
  priceCents: number;
  reason: string;
  comment: string;
  status: 'pending' | 'approved' | 'denied';
  denyReason: string | null;
  requestedAt: string;
};
export type ReturnReason = { code: string; label: string };

export const leadQuery = (filters: LeadFilters, before?: string | null) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (before) params.set('before', before);
  const query = params.toString();
  return query ? `?${query}` : '';
};

export const fetchLeads = (filters: LeadFilters, before?: string | null) =>
  api<{ leads: OwnedLead[]; next: string | null }>('GET', `/api/leads${leadQuery(filters, before)}`);
export const fetchReturns = async () => (await api<{ returns: LeadReturn[] }>('GET', '/api/leads/returns')).returns;
export const fetchReturnReasons = () => api<{ reasons: ReturnReason[]; windowDays: number }>('GET', '/api/leads/return-reasons');
export const requestReturn = (leadId: string, body: { reason: string; comment: string }) =>
  api<{ returnId: string }>('POST', `/api/leads/${leadId}/returns`, body, { 'idempotency-key': crypto.randomUUID() });
export const fetchAssignees = async () => (await api<{ assignees: Assignee[] }>('GET', '/api/leads/assignees')).assignees;
export const fetchAssignedToMe = async () => (await api<{ leads: AssignedLead[] }>('GET', '/api/leads/assigned-to-me')).leads;
export const assignLead = (leadId: string, assigneeId: string | null) => api('POST', `/api/leads/${leadId}/assign`, { assigneeId });
