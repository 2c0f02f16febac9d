import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from '../components/ui/toast-store';
import { LEADS_NEEDS_MICROSOFT } from '../features/access/access-messages';
import { useAccessDialog } from '../features/access/stores/access-dialog-store';
import { useSession } from '../features/auth/stores/session-store';
import { Footer } from './footer';
import { Header } from './header';
import { RETURN_TO_KEY, isPublicRoute, needsNoCode } from './route-access';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}

function LeadsRedirect() {
  useEffect(() => toast({ title: 'Access Denied', description: LEADS_NEEDS_MICROSOFT, variant: 'destructive' }), []);
  return <Navigate to="/onboarding" replace />;
}

function AccessCodeRequired({ path }: { path: string }) {
  const open = useAccessDialog((s) => s.open);
  useEffect(() => open({ kind: 'page', path }), [open, path]);
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex flex-1 items-center justify-center px-4 text-center text-slate-600">
        <p>This page needs an access code.</p>
      </main>
      <Footer />
    </div>
  );
}

/**
 * The route table's rules. Public routes render for anyone. A signed-out visitor is sent
 * home with the path kept as the return path. A signed-in user opens the no-code routes;
 * other routes need a work account or elevated access (else the access-code dialog), and
 * /leads a work account. While the session loads nothing opens. The server enforces the
 * same on its APIs; this only spares the user a page they cannot use.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const path = location.pathname;
  if (isPublicRoute(path)) return <>{children}</>;
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out' || !user) {
    sessionStorage.setItem(RETURN_TO_KEY, path + location.search);
    return <Navigate to="/" replace />;
  }
  if (needsNoCode(path)) return <>{children}</>;
  if (path === '/leads' || path.startsWith('/leads/')) return user.isMicrosoftUser ? <>{children}</> : <LeadsRedirect />;
  if (user.isMicrosoftUser || user.hasElevatedAccess) return <>{children}</>;
  return <AccessCodeRequired path={path} />;
}
