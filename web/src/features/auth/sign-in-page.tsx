import { LogIn } from 'lucide-react';
import { Link } from 'react-router-dom';

/** /auth. Accounts are not served by this server yet, so nobody can sign in: it says so. */
export function SignInPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <LogIn className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Agent Login</h1>
      <p className="mt-4 text-slate-600">Agent accounts are not open on this server yet, so signing in is not possible for now.</p>
      <Link to="/" className="mt-6 text-brand-600 underline">
        Return to Home
      </Link>
    </div>
  );
}
