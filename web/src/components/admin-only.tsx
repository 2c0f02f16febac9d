import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { useSession } from '../app/session-store';
import { toast } from './ui/toast-store';

const DENIED = "Access Denied: You don't have permission to view this page";

/** Admin pages: anyone else is told so and sent home (the server refuses them too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const denied = user !== null && !user.isAdmin;
  useEffect(() => {
    if (denied) toast({ title: 'Access Denied', description: DENIED, variant: 'destructive' });
  }, [denied]);
  if (denied) return <Navigate to="/" replace />;
  if (!user) return null;
  return <>{children}</>;
}
