import { Download, Eye, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { createGroup, deleteGroup, EXPORT_URL, fetchGroups, renameGroup, type Group } from '../../app/api/groups';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { formatDate } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { GroupNameDialog } from './components/group-name-dialog';
import { ImportGroupsDialog } from './components/import-groups-dialog';
import { OthersGroups } from './components/others-groups';

/** /groups (spec: Group Name, Members, Created, Actions; 'No groups yet'; Import, Export, Create Group), kept on the server. */
export function GroupsPage() {
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [importing, setImporting] = useState(false);

  // Reloaded on a change made in another tab or window (the server tells the owner's pages over SSE).
  const { data: groups = [], loading, reload: load } = useApiQuery('/api/groups', fetchGroups, { failure: 'Failed to load groups', reloadOn: ['groups'] });

  const create = async (name: string) => {
    await createGroup(name);
    setCreating(false);
    toast({ title: 'Group Created', description: name });
    await load();
  };
  const rename = async (name: string) => {
    await renameGroup(renaming!.groupId, name);
    setRenaming(null);
    toast({ title: 'Group Renamed', description: name });
    await load();
  };
  const remove = async (group: Group) => {
    setDeleting(null);
    try {
      await deleteGroup(group.groupId);
      toast({ title: 'Group Deleted', description: group.name });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to delete the group', variant: 'destructive' });
    }
    await load();
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Groups</h1>
          <p className="mt-1 text-sm text-slate-600">Keep the agents you work with in groups. They join when they accept your invitation.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" aria-hidden /> Import
          </Button>
          <Button variant="outline" asChild>
            <a href={EXPORT_URL} download="groups.csv">
              <Download className="h-4 w-4" aria-hidden /> Export
            </a>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Create Group
          </Button>
        </div>
      </div>

      <OthersGroups />

      {loading ? (
        <Loading />
      ) : groups.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">No groups yet</div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Group Name
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Members
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  Created
                </th>
                <th scope="col" className="px-3 py-3 text-right font-semibold sm:px-4">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {groups.map((group) => (
                <tr key={group.groupId} data-testid="group-row">
                  <td className="max-w-64 break-words px-3 py-3 sm:px-4">
                    <span className="font-medium text-slate-900">{group.name}</span>
                    <span className="block text-xs text-slate-600 sm:hidden">Created {formatDate(group.createdAt)}</span>
                  </td>
                  <td className="px-3 py-3 tabular-nums text-slate-700 sm:px-4">
                    {group.memberCount}
                    {group.invitedCount > 0 && <span className="block text-xs text-slate-600">{group.invitedCount} invited</span>}
                  </td>
                  <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{formatDate(group.createdAt)}</td>
                  <td className="px-2 py-2 sm:px-4">
                    <div className="flex justify-end gap-0.5 sm:gap-1">
                      <Button variant="ghost" size="icon" asChild>
                        <Link to={`/groups/${group.groupId}`} aria-label={`View ${group.name}`} title="View">
                          <Eye className="h-4 w-4" aria-hidden />
                        </Link>
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={`Rename ${group.name}`} title="Rename" onClick={() => setRenaming(group)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${group.name}`}
                        title="Delete"
                        onClick={() => setDeleting(group)}
                        className="text-red-700 hover:bg-red-50"
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <GroupNameDialog initialName={creating ? '' : null} title="Create Group" submitLabel="Create Group" onSave={create} onClose={() => setCreating(false)} />
      <GroupNameDialog initialName={renaming?.name ?? null} title="Rename Group" submitLabel="Save" onSave={rename} onClose={() => setRenaming(null)} />
      <ImportGroupsDialog open={importing} onClose={() => setImporting(false)} onImported={() => void load()} />
      <ConfirmDialog
        subject={deleting}
        title="Delete group?"
        description={(group) => `Are you sure you want to delete "${group.name}"? This action cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={(group) => void remove(group)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
