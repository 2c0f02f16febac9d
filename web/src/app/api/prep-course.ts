import type { OfferedSession } from '../../../../src/modules/prep-course/contracts/prep-form';
import { api } from '../../lib/api-client';

export type OfferedSessions = { sessions: OfferedSession[]; next: OfferedSession | null };

/** The course weekends offered now, soonest first; `next` is null when none is (shown as TBA). The onboarding page and the registration page read the same list. */
export const fetchOfferedSessions = () => api<OfferedSessions>('GET', '/api/prep-course/sessions');
