import { useState } from 'react';

import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useApiQuery } from '../../../lib/use-api-query';
import { assignTicket, fetchAssignees, type Assignee, type HelpRequest } from '../api/support';
import { SelectField } from './select-field';

const nameOf = (admin: Pick<Assignee, 'email' | 'displayName'>) => admin.displayName ?? admin.email;

/** Who works on the request: any admin, or nobody; saved as soon as it changes. */
export function AssigneeField({ request, onAssigned }: { request: HelpRequest; onAssigned: () => void }) {
  const me = useSession((s) => s.user);
  const admins = useApiQuery('help-request-assignees', fetchAssignees, { failure: 'Failed to load the admins' });
  const [assigneeId, setAssigneeId] = useState(request.assigneeId ?? '');
  const [busy, setBusy] = useState(false);
  const known = admins.data?.assignees ?? [];
  // The current assignee stays choosable even if no longer listed (say they stopped being an admin).
  const listed =
    request.assigneeId && !known.some((admin) => admin.id === request.assigneeId)
      ? [...known, { id: request.assigneeId, email: request.assigneeEmail ?? request.assigneeId, displayName: request.assigneeName }]
      : known;

  const assign = async (next: string) => {
    setBusy(true);
    try {
      await assignTicket(request.ticketId, next || null);
      setAssigneeId(next);
      const admin = listed.find((candidate) => candidate.id === next);
      toast({ title: 'Assignee updated', description: admin ? `Assigned to ${nameOf(admin)}` : 'The request is unassigned' });
      onAssigned();
    } catch (error) {
      toast({ title: 'Failed to assign the request', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <SelectField
          id="request-assignee"
          label="Assigned to"
          value={assigneeId}
          onChange={(next) => void assign(next)}
          options={listed.map((admin) => ({ value: admin.id, label: nameOf(admin) }))}
          placeholder="Unassigned"
        />
      </div>
      {me && assigneeId !== me.id && (
        <Button type="button" variant="outline" className="shrink-0" disabled={busy} onClick={() => void assign(me.id)}>
          Assign to me
        </Button>
      )}
    </div>
  );
}
