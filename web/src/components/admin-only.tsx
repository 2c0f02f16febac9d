import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { useSession, type SessionUser } from '../app/session-store';
import { api } from '../lib/api-client';
import { toast } from './ui/toast-store';

const DENIED = "Access Denied: You don't have permission to view this page";

type Verdict = 'checking' | 'admin' | 'denied' | 'failed' | 'signed-out';

/** Whether the account is an admin now, as the server says (a role taken away since sign-in counts). */
async function verifyAdmin(): Promise<Verdict> {
  try {
    const { user } = await api<{ user: SessionUser | null }>('GET', '/api/auth/session');
    if (!user) return 'signed-out';
    return user.isAdmin ? 'admin' : 'denied';
  } catch {
    return 'failed';
  }
}

/**
 * Admin pages (spec section 6): the admin check is asked of the server when the page opens; a
 * check that fails says 'Failed to verify admin status', anyone else is told 'Access Denied', and
 * both are sent home (the server refuses them too). A session that ended goes to sign-in.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const known = user === null ? 'checking' : user.isAdmin ? 'checking' : 'denied';
  const [verdict, setVerdict] = useState<Verdict>(known);
  useEffect(() => {
    if (known === 'denied') return;
    let current = true;
    void verifyAdmin().then((answer) => {
      if (!current) return;
      if (answer === 'signed-out') void useSession.getState().load();
      setVerdict(answer);
    });
    return () => {
      current = false;
    };
  }, [user?.id]);
  useEffect(() => {
    if (verdict === 'denied') toast({ title: 'Access Denied', description: DENIED, variant: 'destructive' });
    if (verdict === 'failed') toast({ title: 'Error', description: 'Failed to verify admin status', variant: 'destructive' });
  }, [verdict]);
  if (verdict === 'denied' || verdict === 'failed') return <Navigate to="/" replace />;
  if (verdict !== 'admin') return null;
  return <>{children}</>;
}
