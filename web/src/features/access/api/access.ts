import { api } from '../../../lib/api-client';

export const verifyAccessCode = (code: string) => api<{ success: true; expiresAt: string }>('POST', '/api/access/verify', { code: code.trim() });

export type SatLeader = { email: string; displayName: string | null };

/** The signed-in agent's SAT leader (from their profile), whom the access-code dialog names as the source of codes. */
export const fetchSatLeader = () => api<{ satLeader: SatLeader | null }>('GET', '/api/profile').then((profile) => profile.satLeader);
