import { useState, type FormEvent } from 'react';

import { addMembers, type MemberResult } from '../../../app/api/groups';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';

type Props = { readonly groupId: string; readonly open: boolean; readonly onClose: () => void; readonly onAdded: () => void };

const REFUSED: Record<Exclude<MemberResult['status'], 'invited'>, (email: string) => string> = {
  already: (email) => `${email} is already in this group or invited to it.`,
  self: () => 'You cannot add yourself to your own group.',
};

/**
 * Add Members: agents' e-mail addresses (several separated by commas or spaces), each invited;
 * they join when they accept. Each refusal is a toast.
 */
export function AddMembersDialog({ groupId, open, onClose, onAdded }: Props) {
  const [emails, setEmails] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const list = emails.split(/[\s,;]+/).filter(Boolean);
    if (list.length === 0) return toast({ title: 'Invalid Input', description: 'Please enter an e-mail address.', variant: 'destructive' });
    setBusy(true);
    try {
      const results = await addMembers(groupId, list);
      const invited = results.filter((r) => r.status === 'invited');
      for (const r of results) if (r.status !== 'invited') toast({ title: 'Not Invited', description: REFUSED[r.status](r.email), variant: 'destructive' });
      if (invited.length > 0) {
        toast({ title: invited.length === 1 ? 'Invitation Sent' : 'Invitations Sent', description: invited.map((r) => r.email).join(', ') });
        setEmails('');
        onAdded();
        onClose();
      }
    } catch (error) {
      const message = error instanceof ApiRequestError ? (error.fieldErrors[0]?.message ?? error.message) : 'Unable to add members. Please try again.';
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>Add Members</DialogTitle>
        <DialogDescription>
          Invite agents by their e-mail address. They join the group when they accept, and get none of your leads until then.
        </DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div>
            <label htmlFor="member-emails" className="block text-sm font-medium text-slate-800">
              Email addresses
            </label>
            <input
              id="member-emails"
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="agent@example.com"
              aria-describedby="member-emails-hint"
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
            <p id="member-emails-hint" className="mt-1 text-xs text-slate-600">
              Separate several addresses with commas.
            </p>
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Inviting...' : 'Invite'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
