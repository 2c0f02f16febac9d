import { create } from 'zustand';

import { api, forgetEarlyReads, setCsrfToken } from '../lib/api-client';
import { setOrganisationTimeZone, setOrgTimeZone } from '../lib/format';

export type SessionUser = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly provider: 'email' | 'azure' | 'google';
  readonly isAdmin: boolean;
  readonly isSatLeader: boolean;
  readonly isMicrosoftUser: boolean;
  readonly hasElevatedAccess: boolean;
  readonly needsSatLeader: boolean;
};

/** timeZone: the user's (chosen on the profile, else the organisation's), which every page shows times in. */
/** organisationTimeZone: ORG_TIME_ZONE itself, for the organisation's days (a finance day). */
type SessionAnswer = { user: SessionUser | null; csrfToken?: string; timeZone?: string; organisationTimeZone?: string };

type SessionState = {
  status: 'loading' | 'signed-out' | 'signed-in';
  user: SessionUser | null;
  load(): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
};

const apply = (answer: SessionAnswer) => {
  setCsrfToken(answer.csrfToken ?? null);
  setOrgTimeZone(answer.timeZone);
  setOrganisationTimeZone(answer.organisationTimeZone ?? answer.timeZone);
  return answer.user ? { status: 'signed-in' as const, user: answer.user } : { status: 'signed-out' as const, user: null };
};

/** Who is signed in, as the server says. Until the server confirms a session, nobody is. */
export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  user: null,
  async load() {
    try {
      set(apply(await api<SessionAnswer>('GET', '/api/auth/session')));
    } catch {
      set(apply({ user: null }));
    }
  },
  async signIn(email, password) {
    forgetEarlyReads();
    set(apply(await api<SessionAnswer>('POST', '/api/auth/sign-in', { email: email.trim(), password })));
  },
  async signOut() {
    forgetEarlyReads();
    try {
      await api('POST', '/api/auth/sign-out');
    } finally {
      set(apply({ user: null }));
    }
  },
}));

/** The access label of the user menu (spec: header). */
export function accessLabel(user: SessionUser): string {
  if (user.isMicrosoftUser) return 'Full Access (Microsoft)';
  return user.hasElevatedAccess ? 'Limited Access (Elevated)' : 'Limited Access';
}
