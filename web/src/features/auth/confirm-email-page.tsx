import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { confirmEmail } from './api/sign-up';

/** /auth/confirm?token=…: the link from the confirmation e-mail. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done' | 'failed'; message: string }>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // StrictMode runs effects twice; a token works once.
    sent.current = true;
    confirmEmail(params.get('token') ?? '')
      .then((answer) => setState({ kind: 'done', message: answer.message }))
      .catch((failure: unknown) =>
        setState({ kind: 'failed', message: failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'Please try again.' }),
      );
  }, [params]);

  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      {state.kind === 'working' && <p role="status">Confirming your email...</p>}
      {state.kind !== 'working' && (
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          {state.kind === 'done' ? (
            <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden />
          ) : (
            <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden />
          )}
          <h1 className="mt-4 text-2xl font-bold text-brand-900">{state.kind === 'done' ? 'Email confirmed' : 'This link does not work'}</h1>
          <p className="mt-2 text-slate-600">{state.message}</p>
          <Button asChild className="mt-6">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
