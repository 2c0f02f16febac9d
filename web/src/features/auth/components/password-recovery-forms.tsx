import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { requestPasswordReset, resetPassword } from '../api/sign-up';

const failureText = (failure: unknown) => (failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'Please try again.');

/** The forgot-password sub-view of Sign In. */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestPasswordReset(email);
      toast({ title: 'Check your email', description: "We've sent you a password reset link." });
      onDone();
    } catch (failure) {
      toast({ title: 'Password reset failed', description: failureText(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-600">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <FormField label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <button type="button" onClick={onDone} className="w-full text-sm text-brand-600 hover:underline">
        Back to sign in
      </button>
    </form>
  );
}

/** The recovery view: /auth?type=recovery&token=… from the reset e-mail. */
export function RecoveryForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      toast({ title: "Passwords don't match", description: 'Please make sure both passwords are the same.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      toast({ title: 'Password updated successfully' });
      onDone();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      <FormField
        label="New Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        label="Confirm New Password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        minLength={6}
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Update Password'}
      </Button>
    </form>
  );
}
