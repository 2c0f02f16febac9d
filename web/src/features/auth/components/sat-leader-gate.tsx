import { useState } from 'react';

import { fetchSatLeaders } from '../../../app/api/sat-leaders';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useApiQuery } from '../../../lib/use-api-query';
import { chooseSatLeader } from '../api/sign-up';

/** The blocking 'Select Your SAT Leader' modal for users who have not chosen one. */
export function SatLeaderGate() {
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const open = Boolean(user?.needsSatLeader);
  const { data: leaders = [], loading } = useApiQuery('/api/auth/sat-leaders', fetchSatLeaders, {
    failure: 'Failed to load SAT leaders. Please try logging out and back in.',
    enabled: open,
  });
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!choice) {
      toast({ title: 'SAT Leader Required', description: 'Please select your SAT leader to continue.', variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      await chooseSatLeader(choice);
      toast({ title: 'Success', description: 'SAT leader has been saved successfully.' });
      window.location.reload();
    } catch {
      toast({ title: 'Error', description: 'Failed to save SAT leader. Please try again.', variant: 'destructive' });
      setSaving(false);
    }
  };

  return (
    <Dialog open={open}>
      <DialogContent blocking data-testid="sat-leader-gate">
        <DialogTitle>Select Your SAT Leader</DialogTitle>
        <DialogDescription>Choose the SAT leader you work with. You can continue once you have chosen.</DialogDescription>
        <label htmlFor="sat-leader-choice" className="text-sm font-medium text-slate-800">
          SAT Leader
        </label>
        <select
          id="sat-leader-choice"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          disabled={loading || saving}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">{loading ? 'Loading...' : leaders.length === 0 ? 'No SAT leaders found' : 'Select your SAT leader'}</option>
          {leaders.map((leader) => (
            <option key={leader.id} value={leader.id}>
              {leader.displayName}
            </option>
          ))}
        </select>
        <div className="flex justify-between gap-3">
          <Button variant="outline" onClick={() => void signOut()}>
            Log Out
          </Button>
          <Button onClick={save} disabled={!choice || loading || saving}>
            {saving ? 'Saving...' : 'Continue'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
