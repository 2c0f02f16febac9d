import { create } from 'zustand';

export type SessionUser = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly isMicrosoftUser: boolean;
  readonly hasElevatedAccess: boolean;
};

type SessionState = {
  status: 'loading' | 'signed-out' | 'signed-in';
  user: SessionUser | null;
  load(): Promise<void>;
};

/** Who is signed in, as the server says. Until the server confirms a session, nobody is. */
export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  user: null,
  async load() {
    try {
      const response = await fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (!response.ok) return set({ status: 'signed-out', user: null });
      const body = (await response.json()) as { user: SessionUser | null };
      set(body.user ? { status: 'signed-in', user: body.user } : { status: 'signed-out', user: null });
    } catch {
      set({ status: 'signed-out', user: null });
    }
  },
}));
