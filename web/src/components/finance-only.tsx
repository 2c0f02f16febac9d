import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { fetchFinanceAccess } from '../app/api/wallet';
import { toast } from './ui/toast-store';

const DENIED = "Access Denied: You don't have permission to view this page";

/** Finance pages: admins and finance users; anyone else is told so and sent home (the server refuses them too). */
export function FinanceOnly({ children }: { children: ReactNode }) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    fetchFinanceAccess().then(
      ({ finance }) => setAllowed(finance),
      () => setAllowed(false),
    );
  }, []);
  useEffect(() => {
    if (allowed === false) toast({ title: 'Access Denied', description: DENIED, variant: 'destructive' });
  }, [allowed]);
  if (allowed === false) return <Navigate to="/" replace />;
  if (allowed === null) return null;
  return <>{children}</>;
}
