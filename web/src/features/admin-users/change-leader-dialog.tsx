import { useEffect, useState } from 'react';

import { fetchSatLeaders } from '../../app/api/sat-leaders';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useApiQuery } from '../../lib/use-api-query';
import { useFormSubmission } from '../../lib/use-form-submission';
import { assignSatLeader, type AdminUser } from './api/users';

/** Change SAT leader: agents choose theirs once, at their first sign-in; a later change is an admin's, here. */
export function ChangeLeaderDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: (email: string) => void }) {
  // The same list the sign-up form offers, read when the dialog opens.
  const leaderList = useApiQuery('/api/sat-leaders', fetchSatLeaders, { failure: 'Failed to load the SAT leaders', enabled: user !== null });
  const leaders = leaderList.loading ? null : (leaderList.data ?? []);
  const [choice, setChoice] = useState('');
  const {
    busy: saving,
    submit,
    errorFor,
  } = useFormSubmission((failure) =>
    toast({ title: 'Could not change the SAT leader', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' }),
  );

  useEffect(() => setChoice(''), [user]);

  const save = () =>
    void submit(async () => {
      if (!user || !choice) return;
      await assignSatLeader(user.id, choice);
      onSaved(user.email);
    });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Change SAT leader</DialogTitle>
        <DialogDescription>
          {user?.email} {user?.satLeaderEmail ? `has ${user.satLeaderEmail} as SAT leader now.` : 'has no SAT leader yet.'} Their transfers and their
          leader&apos;s team view follow the new one.
        </DialogDescription>
        <label htmlFor="change-leader-choice" className="text-sm font-medium text-slate-800">
          New SAT leader
        </label>
        <select
          id="change-leader-choice"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          disabled={leaders === null || saving}
          aria-invalid={errorFor('satLeaderId') ? true : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">{leaders === null ? 'Loading...' : leaders.length === 0 ? 'No SAT leaders found' : 'Select a SAT leader'}</option>
          {(leaders ?? []).map((leader) => (
            <option key={leader.id} value={leader.id}>
              {leader.displayName}
            </option>
          ))}
        </select>
        {errorFor('satLeaderId') && (
          <p role="alert" className="text-sm text-red-600">
            {errorFor('satLeaderId')}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!choice || saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
