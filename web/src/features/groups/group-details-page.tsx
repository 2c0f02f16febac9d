import { ArrowLeft, MailX, Pencil, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { cancelInvitation, fetchGroup, removeMember, renameGroup, type Invitation, type Member } from '../../app/api/groups';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { AddMembersDialog } from './components/add-members-dialog';
import { GroupNameDialog } from './components/group-name-dialog';

const backLink = (
  <Link to="/groups" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
    <ArrowLeft className="h-4 w-4" aria-hidden /> All groups
  </Link>
);

/** /groups/:groupId (spec: Group Details with the id, 'No members in this group yet', Add Members), with rename and remove. */
export function GroupDetailsPage() {
  const { groupId = '' } = useParams();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  // Reloaded on a change made in another tab or window (the server tells the owner's pages over SSE).
  const {
    data: group,
    error,
    reload: load,
  } = useApiQuery(`/api/groups/${groupId}`, () => fetchGroup(groupId), {
    failure: 'Failed to load the group',
    reloadOn: ['groups'],
    // Another agent's group, or an id that is none, is simply not found.
    expected: (refusal) => refusal.status === 404 || refusal.status === 400,
  });
  const missing = !group && error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

  const rename = async (name: string) => {
    await renameGroup(groupId, name);
    setRenaming(false);
    toast({ title: 'Group Renamed', description: name });
    await load();
  };
  const remove = async (member: Member) => {
    setRemoving(null);
    try {
      await removeMember(groupId, member.memberId);
      toast({ title: 'Member Removed', description: member.email });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to remove the member', variant: 'destructive' });
    }
    await load();
  };

  const cancel = async (invitation: Invitation) => {
    setCancelling(null);
    try {
      await cancelInvitation(groupId, invitation.email);
      toast({ title: 'Invitation Withdrawn', description: invitation.email });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to withdraw the invitation', variant: 'destructive' });
    }
    await load();
  };

  if (missing) {
    return (
      <div className="mx-auto max-w-5xl space-y-6">
        {backLink}
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <h1 className="text-2xl font-bold text-brand-900">Group not found</h1>
          <p className="mt-2 text-slate-700">This group does not exist or is not one of yours.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {backLink}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-brand-900">Group Details</h1>
          {group && <p className="mt-1 break-words text-lg font-semibold text-slate-900">{group.name}</p>}
          <p className="mt-1 break-all text-sm text-slate-600">
            Group ID: <span className="font-mono">{groupId}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={!group} onClick={() => setRenaming(true)}>
            <Pencil className="h-4 w-4" aria-hidden /> Rename
          </Button>
          <Button disabled={!group} onClick={() => setAdding(true)}>
            <UserPlus className="h-4 w-4" aria-hidden /> Add Members
          </Button>
        </div>
      </div>

      <section aria-labelledby="members-heading" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="members-heading" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
          Members{group ? ` (${group.members.length})` : ''}
          {group && group.invitations.length > 0 && <span className="ml-2 text-sm font-normal text-slate-600">{group.invitations.length} invited</span>}
        </h2>
        {!group ? (
          <Loading className="px-4 py-6 text-sm" />
        ) : group.members.length + group.invitations.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">No members in this group yet</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {group.members.map((member) => (
              <li key={member.memberId} data-testid="group-member" className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium text-slate-900">{member.name}</p>
                  <p className="break-all text-sm text-slate-600">{member.email}</p>
                </div>
                <Button variant="outline" size="sm" aria-label={`Remove ${member.email}`} onClick={() => setRemoving(member)}>
                  <UserMinus className="h-4 w-4" aria-hidden /> Remove
                </Button>
              </li>
            ))}
            {group.invitations.map((invitation) => (
              <li key={invitation.email} data-testid="group-invitation" className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="break-all text-sm font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Invited</span> Gets no leads until they accept
                  </p>
                </div>
                <Button variant="outline" size="sm" aria-label={`Withdraw the invitation of ${invitation.email}`} onClick={() => setCancelling(invitation)}>
                  <MailX className="h-4 w-4" aria-hidden /> Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AddMembersDialog groupId={groupId} open={adding} onClose={() => setAdding(false)} onAdded={() => void load()} />
      <GroupNameDialog
        initialName={renaming && group ? group.name : null}
        title="Rename Group"
        submitLabel="Save"
        onSave={rename}
        onClose={() => setRenaming(false)}
      />
      <ConfirmDialog
        subject={removing}
        title="Remove member?"
        description={(member) => `${member.name} (${member.email}) will no longer be in "${group?.name ?? ''}".`}
        confirmLabel="Remove"
        onConfirm={(member) => void remove(member)}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        subject={cancelling}
        title="Withdraw invitation?"
        description={(invitation) => `${invitation.email} will no longer be invited to "${group?.name ?? ''}".`}
        confirmLabel="Withdraw"
        onConfirm={(invitation) => void cancel(invitation)}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
