import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';

const MAX_NAME = 80;

type Props = {
  /** The name to edit, '' for a new group; the dialog is open while it is set. */
  readonly initialName: string | null;
  readonly title: string;
  readonly submitLabel: string;
  readonly onSave: (name: string) => Promise<void>;
  readonly onClose: () => void;
};

/** Create Group and Rename: one name field; the server's refusals (a name taken) are shown as toasts. */
export function GroupNameDialog({ initialName, title, submitLabel, onSave, onClose }: Props) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setName(initialName ?? ''), [initialName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return toast({ title: 'Invalid Input', description: 'Please enter a group name.', variant: 'destructive' });
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (error) {
      const message = error instanceof ApiRequestError ? (error.fieldErrors[0]?.message ?? error.message) : 'Unable to save the group. Please try again.';
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={initialName !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Group names are unique among your groups.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div>
            <label htmlFor="group-name" className="block text-sm font-medium text-slate-800">
              Group name
            </label>
            <input
              id="group-name"
              value={name}
              maxLength={MAX_NAME}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
