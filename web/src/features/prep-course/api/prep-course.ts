import type {
  OfferedSession,
  PrepConfirmationPreview,
  PrepRegistered,
  PrepRegistrationAnswer,
} from '../../../../../src/modules/prep-course/contracts/prep-form';
import { api } from '../../../lib/api-client';

export type RegistrationBody = {
  firstName: string;
  lastName: string;
  office: string;
  email: string;
  dateIso: string;
  examAttempts: string;
  commitment: true;
  website?: string;
};

export const registerForPrepCourse = (body: RegistrationBody, idempotencyKey: string) =>
  api<PrepRegistrationAnswer>('POST', '/api/prep-course/registrations', body, { 'idempotency-key': idempotencyKey });

/** What a mailed link would do; the token goes in the body, never in a URL. */
export const previewConfirmation = (token: string) => api<PrepConfirmationPreview>('POST', '/api/prep-course/confirmations/preview', { token });
export const confirmRegistration = (token: string, idempotencyKey: string) =>
  api<PrepRegistered>('POST', '/api/prep-course/confirmations', { token }, { 'idempotency-key': idempotencyKey });

export type AdminSession = OfferedSession & {
  capacity: number;
  registered: number;
  status: 'scheduled' | 'cancelled';
  movedFrom: string | null;
  offered: boolean;
};

export type PrepRegistrationRow = {
  registrationId: string;
  firstName: string;
  lastName: string;
  email: string;
  officeLabel: string;
  dateLabel: string;
  dateIso: string;
  examAttempts: string;
  commitment: boolean;
  createdAt: string;
  updatedAt: string;
  /** Confirmed (holds a seat), or pending: waiting for the link mailed to its address, holding none. */
  status: 'confirmed' | 'pending';
  confirmedVia: 'form' | 'email' | 'account' | null;
  /** A change to it waits for its link. */
  changePending: boolean;
};

export const fetchAdminSessions = () => api<{ sessions: AdminSession[] }>('GET', '/api/admin/prep-course/sessions').then((answer) => answer.sessions);
export const fetchRegistrations = (sessionId: string) =>
  api<{ registrations: PrepRegistrationRow[] }>('GET', `/api/admin/prep-course/sessions/${sessionId}/registrations`).then((answer) => answer.registrations);
export const registrationsCsvUrl = (sessionId: string) => `/api/admin/prep-course/sessions/${sessionId}/registrations.csv`;
export const cancelSession = (sessionId: string) => api<{ success: true }>('POST', `/api/admin/prep-course/sessions/${sessionId}/cancel`, {});
export const moveSession = (sessionId: string, saturday: string) =>
  api<{ success: true }>('POST', `/api/admin/prep-course/sessions/${sessionId}/move`, { saturday });
export const setSessionCapacity = (sessionId: string, capacity: number) =>
  api<{ success: true }>('PUT', `/api/admin/prep-course/sessions/${sessionId}/capacity`, { capacity });
