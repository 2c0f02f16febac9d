import { useState, type FormEvent } from 'react';

import { fetchSatLeaders } from '../../../app/api/sat-leaders';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { signUp } from '../api/sign-up';

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { data: leaders = [], loading } = useApiQuery('/api/auth/sat-leaders', fetchSatLeaders, {
    failure: 'Failed to load SAT leaders. Please try logging out and back in.',
  });
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '', displayName: '', satLeaderId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.satLeaderId) {
      toast({ title: 'SAT Leader Required', description: 'Please select your SAT leader before signing up.', variant: 'destructive' });
      return;
    }
    if (form.password !== form.confirmPassword) {
      toast({ title: "Passwords don't match", description: 'Please make sure both passwords are the same.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await signUp({ ...form, email: form.email.trim(), displayName: form.displayName.trim() || undefined });
      toast({ title: 'Account created!', description: 'Please check your email to verify your account, then sign in.' });
      onSignedUp(form.email.trim());
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'USER_ALREADY_EXISTS') {
        toast({ title: 'Account already exists', description: failure.message, variant: 'destructive' });
      } else if (failure instanceof ApiRequestError && failure.fieldErrors.length > 0) {
        setErrors(Object.fromEntries(failure.fieldErrors.map((f) => [f.field, f.message])));
        if (failure.code !== 'EMAIL_NOT_ALLOWED') toast({ title: 'Sign up failed', description: failure.fieldErrors[0]!.message, variant: 'destructive' });
      } else {
        toast({
          title: 'Sign up failed',
          description: failure instanceof ApiRequestError ? failure.message : 'An unexpected error occurred during sign up.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const defaultName = form.email.includes('@') ? form.email.trim().slice(0, form.email.trim().indexOf('@')) : '';
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <FormField label="Email" name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={errors.email} />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        required
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <FormField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        minLength={6}
        required
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <FormField
        label="Display Name"
        name="displayName"
        autoComplete="name"
        placeholder={defaultName || 'Your name'}
        value={form.displayName}
        onChange={set('displayName')}
        error={errors.displayName}
      />
      <div>
        <label htmlFor="field-satLeaderId" className="block text-sm font-medium text-slate-800">
          SAT Leader
        </label>
        <select
          id="field-satLeaderId"
          name="satLeaderId"
          value={form.satLeaderId}
          onChange={set('satLeaderId')}
          disabled={loading}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">{loading ? 'Loading...' : leaders.length === 0 ? 'No SAT leaders found' : 'Select your SAT leader'}</option>
          {leaders.map((leader) => (
            <option key={leader.id} value={leader.id}>
              {leader.displayName}
            </option>
          ))}
        </select>
        {errors.satLeaderId && <p className="mt-1 text-sm text-red-600">{errors.satLeaderId}</p>}
      </div>
      <Button type="submit" className="w-full" disabled={busy || Boolean(errors.email)}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
