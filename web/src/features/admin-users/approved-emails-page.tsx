import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { addApprovedEmail, fetchApprovedEmails, removeApprovedEmail } from './api/users';

/** Admin page: who may sign up besides the company domains. */
export function ApprovedEmailsPage() {
  return (
    <AdminOnly>
      <ApprovedEmailsAdmin />
    </AdminOnly>
  );
}

function ApprovedEmailsAdmin() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { data: list, reload: load } = useApiQuery('/api/admin/approved-emails', fetchApprovedEmails, { failure: 'Failed to load the approved emails' });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const added = await addApprovedEmail(email);
      toast({ title: 'Email approved', description: `${added.email} may now sign up.` });
      setEmail('');
      await load();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const remove = async (address: string) => {
    try {
      await removeApprovedEmail(address);
      toast({ title: 'Email removed', description: `${address} can no longer sign up (existing accounts stay).` });
      await load();
    } catch (failure) {
      toast({ title: 'Remove failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Approved Emails</h1>
        <p className="mt-1 text-sm text-slate-600">Who may create an account with e-mail and password or Google, besides the company domains.</p>
      </div>
      {list && (
        <div
          className={`rounded-md px-4 py-3 text-sm ${list.openToAnyone ? 'bg-amber-50 text-amber-900' : 'bg-brand-50 text-brand-900'}`}
          data-testid="sign-up-rule"
        >
          {list.openToAnyone
            ? 'Sign-up is open to anyone: no company domain and no approved address is set. Adding an address limits sign-up to the list.'
            : `Sign-up is limited to ${list.allowedDomains.length ? `addresses in ${list.allowedDomains.join(', ')} and ` : ''}the approved addresses below.`}
        </div>
      )}
      <form className="flex items-start gap-3" onSubmit={add} noValidate>
        <div className="flex-1">
          <FormField label="Email to approve" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
        </div>
        <Button type="submit" className="mt-6" disabled={busy || !email.trim()}>
          {busy ? 'Adding...' : 'Approve'}
        </Button>
      </form>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Email</th>
              <th className="px-4 py-2 font-medium">Added</th>
              <th className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list?.configuredEmails.map((address) => (
              <tr key={`config-${address}`} className="border-t border-slate-100">
                <td className="px-4 py-2">{address}</td>
                <td className="px-4 py-2 text-slate-500">in the configuration (APPROVED_EMAILS)</td>
                <td className="px-4 py-2" />
              </tr>
            ))}
            {list?.approvedEmails.map((row) => (
              <tr key={row.email} className="border-t border-slate-100">
                <td className="px-4 py-2">{row.email}</td>
                <td className="px-4 py-2 text-slate-500">
                  {formatDate(row.addedAt)}
                  {row.addedBy ? ` by ${row.addedBy}` : ''}
                </td>
                <td className="px-4 py-2 text-right">
                  <Button size="sm" variant="outline" onClick={() => void remove(row.email)} aria-label={`Remove ${row.email}`}>
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
            {list && list.configuredEmails.length + list.approvedEmails.length === 0 && (
              <tr>
                <td colSpan={3} className="px-4 py-6 text-center text-slate-500">
                  No approved addresses yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
