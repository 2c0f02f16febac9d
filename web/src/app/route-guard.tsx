import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../features/auth/stores/session-store';
import { RETURN_TO_KEY, isPublicRoute } from './route-access';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}

/**
 * Public routes render for anyone. A signed-out visitor opening any other route has the
 * path kept as the return path and is sent home; while the session loads nothing opens.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const status = useSession((s) => s.status);
  if (isPublicRoute(location.pathname)) return <>{children}</>;
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out') {
    sessionStorage.setItem(RETURN_TO_KEY, location.pathname + location.search);
    return <Navigate to="/" replace />;
  }
  return <>{children}</>;
}
