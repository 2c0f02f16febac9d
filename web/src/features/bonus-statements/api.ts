import { api } from '../../lib/api-client';

export type StatementSummary = { week: string; totalCents: number; computedCents: number; adjustmentsCents: number; paidAt: string | null; exception: boolean };
export type StatementLine = { section: string; item: string; value: string; source: string };

export const fetchStatements = () => api<{ statements: StatementSummary[] }>('GET', '/api/bonuses/statements');
export const fetchStatement = (week: string) =>
  api<{ statement: { week: string; totalCents: number; paidAt: string | null }; lines: StatementLine[] }>('GET', `/api/bonuses/statements/${week}`);
export const statementDownload = (week: string, kind: 'csv' | 'pdf') => `/api/bonuses/statements/${week}/statement.${kind}`;
