import { api, RawBody } from '../../../lib/api-client';

/** GET /api/profile: the signed-in user's account information. */
export type Profile = {
  userId: string;
  email: string;
  displayName: string | null;
  phone: string | null;
  /** The zone the user chose, or null: the organisation's applies (effectiveTimeZone). */
  timeZone: string | null;
  effectiveTimeZone: string;
  organisationTimeZone: string;
  avatarUrl: string | null;
  role: string;
  isAdmin: boolean;
  /** The SAT leader chosen at the first sign-in; an admin changes it on the Users page. */
  satLeader: { email: string; displayName: string | null } | null;
};

export type ProfileChanges = { displayName: string | null; phone: string | null; timeZone: string | null };

export const fetchProfile = () => api<Profile>('GET', '/api/profile');

export const updateProfile = (changes: ProfileChanges) => api<{ success: true }>('PUT', '/api/profile', changes);

/** Sends the picture's bytes as they are; the server decides by them whether it is an image, and re-encodes it. */
export const uploadAvatar = (file: File) => api<{ avatarUrl: string }>('PUT', '/api/profile/avatar', new RawBody('application/octet-stream', file));
