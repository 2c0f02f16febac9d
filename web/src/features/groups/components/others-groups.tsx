import { Check, LogOut, X } from 'lucide-react';
import { useState } from 'react';

import { answerInvitation, fetchInvitationsToMe, fetchMemberships, leaveGroup, type Membership } from '../../../app/api/groups';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { useApiQuery } from '../../../lib/use-api-query';

const failed = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: error instanceof Error ? error.message : fallback, variant: 'destructive' });

/**
 * Other agents' groups, as the signed-in agent sees them: the invitations waiting for their
 * answer (Accept / Decline), and the groups they joined (Leave). Shown only when there are any.
 */
export function OthersGroups() {
  const [busy, setBusy] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<Membership | null>(null);
  const invitations = useApiQuery('/api/groups/invitations', fetchInvitationsToMe, { failure: 'Failed to load your invitations', reloadOn: ['groups'] });
  const memberships = useApiQuery('/api/groups/memberships', fetchMemberships, { failure: 'Failed to load the groups you are in', reloadOn: ['groups'] });
  const reload = async () => Promise.all([invitations.reload(), memberships.reload()]);

  const answer = async (groupId: string, groupName: string, choice: 'accept' | 'decline') => {
    setBusy(groupId);
    try {
      await answerInvitation(groupId, choice);
      toast({ title: choice === 'accept' ? 'Invitation Accepted' : 'Invitation Declined', description: groupName });
    } catch (error) {
      failed(error, 'Failed to answer the invitation');
    } finally {
      setBusy(null);
    }
    await reload();
  };
  const leave = async (membership: Membership) => {
    setLeaving(null);
    try {
      await leaveGroup(membership.groupId);
      toast({ title: 'Left Group', description: membership.groupName });
    } catch (error) {
      failed(error, 'Failed to leave the group');
    }
    await reload();
  };

  const waiting = invitations.data ?? [];
  const joined = memberships.data ?? [];
  return (
    <>
      {waiting.length > 0 && (
        <section aria-labelledby="group-invitations" className="rounded-lg border border-amber-300 bg-amber-50">
          <h2 id="group-invitations" className="border-b border-amber-200 px-4 py-3 font-semibold text-slate-900">
            Group invitations ({waiting.length})
          </h2>
          <ul className="divide-y divide-amber-200">
            {waiting.map((invitation) => (
              <li key={invitation.groupId} data-testid="group-invitation-to-me" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <p className="min-w-0 break-words text-sm text-slate-800">
                  <span className="font-medium text-slate-900">{invitation.ownerName}</span>
                  {invitation.ownerName !== invitation.ownerEmail && <span className="break-all text-slate-600"> ({invitation.ownerEmail})</span>} invited you
                  to <span className="font-medium text-slate-900">{invitation.groupName}</span>. Members can be given their leads.
                </p>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy !== null}
                    aria-label={`Accept ${invitation.groupName}`}
                    onClick={() => void answer(invitation.groupId, invitation.groupName, 'accept')}
                  >
                    <Check className="h-4 w-4" aria-hidden /> Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    aria-label={`Decline ${invitation.groupName}`}
                    onClick={() => void answer(invitation.groupId, invitation.groupName, 'decline')}
                  >
                    <X className="h-4 w-4" aria-hidden /> Decline
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {joined.length > 0 && (
        <section aria-labelledby="groups-joined" className="rounded-lg border border-slate-200 bg-white">
          <h2 id="groups-joined" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
            Groups you are in
          </h2>
          <ul className="divide-y divide-slate-100">
            {joined.map((membership) => (
              <li key={membership.groupId} data-testid="group-membership" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <p className="min-w-0 break-words text-sm text-slate-800">
                  <span className="font-medium text-slate-900">{membership.groupName}</span>
                  <span className="text-slate-600"> · {membership.ownerName}</span>
                </p>
                <Button variant="outline" size="sm" aria-label={`Leave ${membership.groupName}`} onClick={() => setLeaving(membership)}>
                  <LogOut className="h-4 w-4" aria-hidden /> Leave
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        subject={leaving}
        title="Leave group?"
        description={(membership) => `You will leave "${membership.groupName}" and get no more leads from ${membership.ownerName} through it.`}
        confirmLabel="Leave"
        onConfirm={(membership) => void leave(membership)}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
