import { api } from '../../../lib/api-client';

export type AccessCodeRow = {
  codeId: string;
  label: string;
  grantsHours: number;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  disabled: boolean;
  createdAt: string;
};

export type NewAccessCode = { label: string; grantsHours: number; expiresAt: string | null; maxUses: number | null };

export const fetchAccessCodes = async () => (await api<{ codes: AccessCodeRow[] }>('GET', '/api/admin/access-codes')).codes;
export const createAccessCode = (input: NewAccessCode) => api<{ codeId: string; code: string }>('POST', '/api/admin/access-codes', input);
export const disableAccessCode = (codeId: string) => api<{ success: true }>('POST', `/api/admin/access-codes/${codeId}/disable`);
