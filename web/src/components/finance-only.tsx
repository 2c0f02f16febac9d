import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { fetchFinanceAccess } from '../app/api/wallet';
import { useApiQuery } from '../lib/use-api-query';
import { toast } from './ui/toast-store';

const DENIED = "Access Denied: You don't have permission to view this page";

/** Finance pages: admins and finance users; anyone else is told so and sent home (the server refuses them too). */
export function FinanceOnly({ children }: { children: ReactNode }) {
  // Without an answer the page is refused, as the server would refuse its data.
  const { data, error } = useApiQuery('/api/wallet/access', fetchFinanceAccess, { failure: 'Failed to check your access', expected: () => true });
  const allowed = data ? data.finance : error ? false : null;
  useEffect(() => {
    if (allowed === false) toast({ title: 'Access Denied', description: DENIED, variant: 'destructive' });
  }, [allowed]);
  if (allowed === false) return <Navigate to="/" replace />;
  if (allowed === null) return null;
  return <>{children}</>;
}
