import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useFormSubmission } from '../../lib/use-form-submission';
import { createAccount } from './api/users';

/** An admin makes an account, e.g. for a SAT leader, who cannot sign up before a leader exists; its owner is mailed a link to set the password. */
export function AddUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [satLeader, setSatLeader] = useState(true);
  const {
    busy,
    submit: run,
    errorFor,
  } = useFormSubmission((failure) =>
    toast({ title: 'Could not add the user', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await createAccount({ email, displayName: displayName.trim() || undefined, satLeader });
      onCreated(email.trim().toLowerCase());
      setEmail('');
      setDisplayName('');
      setSatLeader(true);
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Add user</DialogTitle>
        <DialogDescription>The new user gets an e-mail with a link to set their password (valid for 24 hours).</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errorFor('email')}
          />
          <FormField
            label="Display name (optional)"
            name="displayName"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            error={errorFor('displayName')}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="satLeader" checked={satLeader} onChange={(e) => setSatLeader(e.target.checked)} className="h-4 w-4" />
            SAT leader (offered to people signing up)
          </label>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Adding...' : 'Add user'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
