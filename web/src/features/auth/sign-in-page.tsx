import { LogIn } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { RETURN_TO_KEY } from '../../app/route-access';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useSession } from './stores/session-store';

function storedReturnPath(): string {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  // Only paths inside this site: never an open redirect.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** /auth: sign in with e-mail and password. */
export function SignInPage() {
  const status = useSession((s) => s.status);
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [returnPath] = useState(storedReturnPath);
  // Set while this form signs in, so the signed-in re-render does not redirect a second time.
  const signingIn = useRef(false);

  if (status === 'signed-in' && !signingIn.current) {
    sessionStorage.removeItem(RETURN_TO_KEY);
    return <Navigate to={returnPath} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    signingIn.current = true;
    try {
      await signIn(email, password);
      sessionStorage.removeItem(RETURN_TO_KEY);
      toast({ title: 'Welcome!', description: 'You have been successfully signed in.' });
      navigate(returnPath, { replace: true });
    } catch (failure) {
      signingIn.current = false;
      setError(failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'An unexpected error occurred during sign in.');
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <LogIn className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="mt-3 text-2xl font-bold text-brand-900">Agent Login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in with your e-mail and password.</p>
        </div>
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <label className="block text-sm font-medium text-slate-800">
            Email
            <input
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Password
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </label>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </div>
    </div>
  );
}
