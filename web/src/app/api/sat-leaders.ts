import { api } from '../../lib/api-client';

/** A SAT leader an agent may have, by display name (never the leader's e-mail). */
export type SatLeaderChoice = { id: string; displayName: string };

/** GET /api/sat-leaders: the leaders sign-up, the first-sign-in gate and an admin's change offer. */
export const fetchSatLeaders = async (): Promise<SatLeaderChoice[]> => (await api<{ leaders: SatLeaderChoice[] }>('GET', '/api/sat-leaders')).leaders;
