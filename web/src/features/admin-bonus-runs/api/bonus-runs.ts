import { api } from '../../../lib/api-client';

export type RunStatus = 'open' | 'submitted' | 'approved' | 'paid';
export type RunException = { userId: string; email: string; displayName: string | null; reason: string };
export type BonusRun = {
  week: string;
  status: RunStatus;
  openedAt: string;
  openedBy: string;
  inputsHash: string;
  agents: number;
  exceptions: RunException[];
  computedCents: number;
  adjustmentsCents: number;
  totalCents: number;
  preparedBy: string | null;
  submittedAt: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  paidAt: string | null;
};
export type RunStatement = {
  userId: string;
  email: string;
  displayName: string | null;
  agentNumber: string | null;
  line: {
    inputs: { role: string; submittedCents: number; issuedCents: number; takenRate: number; depositCents: number };
    result: { lionsShare: { totalCents: number; reasons: string[] }; match: { actualMatchCents: number; reasons: string[] }; grandTotalCents: number };
  } | null;
  adjustments: { adjustmentId: string; amountCents: number; reason: string; addedBy: string; addedAt: string }[];
  computedCents: number;
  totalCents: number;
};

/** The runs, newest first, and the last bonus week that has ended (New York's calendar, on the server's clock): the week to open by default. */
export const fetchRuns = () => api<{ runs: (BonusRun & { people: Record<string, string> })[]; lastEndedWeek: string }>('GET', '/api/admin/bonus-runs');
export const fetchRun = (week: string) =>
  api<{
    run: BonusRun;
    statements: RunStatement[];
    people: Record<string, string>;
    /** An open run's inputs differ now from what it was computed from. */
    inputsChanged: boolean;
    /** Why the signed-in admin may not approve this submitted run, or null. */
    approvalRefusal: string | null;
  }>('GET', `/api/admin/bonus-runs/${week}`);
export const openRun = (week: string) => api<{ week: string; agents: number; exceptions: number }>('POST', '/api/admin/bonus-runs', { week });
export const addAdjustment = (week: string, body: { userId: string; amountCents: number; reason: string }, key: string) =>
  api<{ adjustmentId: string }>('POST', `/api/admin/bonus-runs/${week}/adjustments`, body, { 'Idempotency-Key': key });
export const refreshRun = (week: string) => api<{ week: string; agents: number; exceptions: number }>('POST', `/api/admin/bonus-runs/${week}/refresh`);
export const submitRun = (week: string) => api<{ week: string }>('POST', `/api/admin/bonus-runs/${week}/submit`);
export const approveRun = (week: string) => api<{ week: string }>('POST', `/api/admin/bonus-runs/${week}/approve`);
export const runExport = (week: string) => `/api/admin/bonus-runs/${week}/export.csv`;
