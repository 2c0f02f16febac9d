import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';

import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast-store';
import { useAccessDialog } from './access-dialog-store';
import { LEADS_NEEDS_MICROSOFT } from './access-messages';
import { isPublicRoute, needsNoCode, RETURN_TO_KEY } from './route-access';
import { useSession } from './session-store';

export const SIGN_IN_NEEDED = 'That page needs sign-in. Use Agent Login to sign in, and you will return to it.';
export const LEADS_BLOCKED = 'Lead Management requires Microsoft sign-in. Please contact your administrator for access.';
export const ADMIN_NEEDS_CODE =
  'Admin pages need elevated access too: admins who do not sign in with a Microsoft work account enter an access code first, like every agent. Ask another admin for a code, or sign in with your work account.';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}

/** Pages whose signed-out visitors go straight to the sign-in page (spec: Resources page) rather than home. */
const SIGN_IN_AT_AUTH = ['/resources'];

function SignInRedirect({ path }: { path: string }) {
  useEffect(() => {
    sessionStorage.setItem(RETURN_TO_KEY, path);
    toast({ title: 'Sign-in required', description: SIGN_IN_NEEDED });
  }, [path]);
  return <Navigate to={SIGN_IN_AT_AUTH.includes(path.split('?')[0]!.replace(/\/+$/, '')) ? '/auth' : '/'} replace />;
}

function LeadsRedirect() {
  useEffect(() => void toast({ title: 'Access Denied', description: LEADS_NEEDS_MICROSOFT, variant: 'destructive' }), []);
  return <Navigate to="/onboarding" replace />;
}

/** What a direct visit to /leads shows a user without a work account (spec: route guard). */
function LeadsBlocked() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <ShieldAlert className="mx-auto h-10 w-10 text-amber-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-brand-900">Microsoft Sign-In Required</h1>
        <p className="mt-3 text-slate-600">{LEADS_BLOCKED}</p>
        <Button asChild className="mt-6">
          <Link to="/">Return Home</Link>
        </Button>
      </div>
    </div>
  );
}

function AccessCodeRequired({ path, isAdmin }: { path: string; isAdmin: boolean }) {
  const open = useAccessDialog((s) => s.open);
  const note = isAdmin && path.startsWith('/admin/') ? ADMIN_NEEDS_CODE : undefined;
  // One question at a time: an agent still choosing their SAT leader is asked for the code after.
  const choosingLeader = useSession((s) => s.user?.needsSatLeader ?? false);
  useEffect(() => {
    if (!choosingLeader) open({ kind: 'page', path, note });
  }, [open, path, note, choosingLeader]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center text-slate-600">
      <h1 className="text-2xl font-bold text-brand-900">Access code needed</h1>
      <p className="mt-3">{note ?? 'This page needs a Microsoft work account or an access code.'}</p>
    </div>
  );
}

/**
 * The route table's rules, inside the layout of the page asked for. Public routes render for
 * anyone. A signed-out visitor is sent home with the path kept as the return path and told
 * why. A signed-in user opens the no-code routes; other routes need a work account or
 * elevated access (else the access-code dialog), and /leads a work account: a direct visit
 * shows the blocking screen, arriving from another page goes to /onboarding. While the
 * session loads nothing opens. The server enforces the same on its APIs; this only spares
 * the user a page they cannot use.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const path = location.pathname;
  if (isPublicRoute(path)) return <>{children}</>;
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out' || !user) return <SignInRedirect path={path + location.search} />;
  if (needsNoCode(path)) return <>{children}</>;
  if (path === '/leads' || path.startsWith('/leads/')) {
    if (user.isMicrosoftUser) return <>{children}</>;
    // The first entry of this tab's history: the address was opened directly.
    return location.key === 'default' ? <LeadsBlocked /> : <LeadsRedirect />;
  }
  if (user.isMicrosoftUser || user.hasElevatedAccess) return <>{children}</>;
  return <AccessCodeRequired path={path} isAdmin={user.isAdmin} />;
}
