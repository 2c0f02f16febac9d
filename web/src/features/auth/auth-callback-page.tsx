import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { landingPath, POST_AUTH_RETURN_TO_KEY, RETURN_TO_KEY, safeReturnPath } from '../../app/route-access';
import { useSession } from '../../app/session-store';
import { toast } from '../../components/ui/toast-store';

/** /auth/callback: where Microsoft and Google sign-ins end (spec: auth callback). */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const load = useSession((s) => s.load);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const error = params.get('error');
    if (error) {
      toast({ title: 'Authentication failed', description: params.get('error_description') ?? error, variant: 'destructive' });
      navigate('/auth', { replace: true });
      return;
    }
    void (async () => {
      await load();
      if (useSession.getState().status !== 'signed-in') {
        navigate('/auth', { replace: true });
        return;
      }
      const target = safeReturnPath(sessionStorage.getItem(POST_AUTH_RETURN_TO_KEY)) ?? landingPath(useSession.getState().user);
      sessionStorage.removeItem(POST_AUTH_RETURN_TO_KEY);
      sessionStorage.removeItem(RETURN_TO_KEY);
      navigate(target, { replace: true });
      toast({ title: 'Welcome!', description: 'You have been successfully signed in.' });
    })();
  }, [params, navigate, load]);

  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <p className="text-slate-600" role="status">
        Completing sign-in...
      </p>
    </div>
  );
}
