import { useState, type FormEvent } from 'react';

import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { resendConfirmation } from '../api/sign-up';

export function SignInForm({
  initialEmail,
  onSignedIn,
  onStart,
  onForgotPassword,
}: {
  initialEmail: string;
  onSignedIn: () => void;
  onStart: () => void;
  onForgotPassword: () => void;
}) {
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    onStart();
    try {
      await signIn(email, password);
      toast({ title: 'Welcome!', description: 'You have been successfully signed in.' });
      onSignedIn();
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError
          ? { code: failure.code, message: failure.fieldErrors[0]?.message ?? failure.message }
          : { code: 'UNEXPECTED', message: 'An unexpected error occurred during sign in.' },
      );
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      const answer = await resendConfirmation(email);
      toast({ title: 'Check your email', description: answer.message });
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <FormField label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error.message}
          {error.code === 'EMAIL_NOT_CONFIRMED' && (
            <button type="button" onClick={resend} className="mt-1 block font-medium underline">
              Send a new confirmation link
            </button>
          )}
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <button type="button" onClick={onForgotPassword} className="w-full text-sm text-brand-600 hover:underline">
        Forgot password?
      </button>
    </form>
  );
}
