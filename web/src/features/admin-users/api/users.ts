import { api } from '../../../lib/api-client';

export type AdminUser = {
  id: string;
  email: string;
  displayName: string | null;
  satLeaderEmail: string | null;
  isAdmin: boolean;
  isSatLeader: boolean;
  disabled: boolean;
  emailConfirmed: boolean;
  hasPassword: boolean;
  providers: ('azure' | 'google')[];
  lastSeenAt: string | null;
  /** Until when an access code elevates the user (from the read model), or null. */
  elevatedUntil: string | null;
  createdAt: string;
};

export const fetchUsers = (search: string) =>
  api<{ users: AdminUser[]; truncated: boolean }>('GET', `/api/admin/users${search ? `?${new URLSearchParams({ search })}` : ''}`);

export type AccountChange = { admin: boolean } | { satLeader: boolean } | { disabled: boolean };

const PATHS: Record<string, string> = { admin: 'admin', satLeader: 'sat-leader', disabled: 'disabled' };

export const changeAccount = (userId: string, change: AccountChange) =>
  api<{ success: true }>('PUT', `/api/admin/users/${userId}/${PATHS[Object.keys(change)[0]!]}`, change);

export type ApprovedEmails = {
  allowedDomains: string[];
  configuredEmails: string[];
  approvedEmails: { email: string; addedBy: string | null; addedAt: string }[];
  openToAnyone: boolean;
};

export const fetchApprovedEmails = () => api<ApprovedEmails>('GET', '/api/admin/approved-emails');
export const addApprovedEmail = (email: string) => api<{ email: string }>('POST', '/api/admin/approved-emails', { email });
export const removeApprovedEmail = (email: string) => api<{ success: true }>('DELETE', `/api/admin/approved-emails/${encodeURIComponent(email)}`);

export type NewAccount = { email: string; displayName?: string; satLeader: boolean };

export const createAccount = (account: NewAccount) => api<{ userId: string }>('POST', '/api/admin/users', account);

export const COMMISSION_ROLES = ['NEWBIE', 'VET', 'FTA', 'FSL', 'SAT'] as const;
export const BLUE_REPORT_TRACKS = ['250K', '200K', '150K'] as const;

export type BonusSettings = {
  agentNumber: string | null;
  commissionRole: (typeof COMMISSION_ROLES)[number] | null;
  /** YYYY-MM-DD. */
  programStartDate: string | null;
  blueReportTrack: (typeof BLUE_REPORT_TRACKS)[number] | null;
};

export type BonusAgent = BonusSettings & { userId: string; weeksInProgram: number | null };

export const fetchBonusAgents = () => api<{ agents: BonusAgent[] }>('GET', '/api/admin/bonus-agents');
export const saveBonusSettings = (userId: string, settings: BonusSettings) => api<BonusSettings>('PUT', `/api/admin/users/${userId}/bonus-settings`, settings);

/** Gives the agent another SAT leader; `changed` is false when it was that leader already. */
export const assignSatLeader = (userId: string, satLeaderId: string) => api<{ changed: boolean }>('PUT', `/api/admin/users/${userId}/leader`, { satLeaderId });
