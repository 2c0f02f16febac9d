import { api } from '../../../lib/api-client';

export const verifyAccessCode = (code: string) => api<{ success: true; expiresAt: string }>('POST', '/api/access/verify', { code: code.trim() });
