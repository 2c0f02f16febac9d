import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ColDef } from 'ag-grid-community';
import { ChevronDown, Plus } from 'lucide-react';
import { useState } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid } from '../../components/ui/data-grid';
import { MOMENT_COLUMN } from '../../components/ui/moment-column';
import { SearchBox } from '../../components/ui/search-box';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { useSettledText } from '../../lib/use-settled-text';
import { AddUserDialog } from './add-user-dialog';
import { changeAccount, fetchBonusAgents, fetchUsers, type AccountChange, type AdminUser, type BonusAgent } from './api/users';
import { BonusSettingsDialog } from './bonus-settings-dialog';
import { ChangeLeaderDialog } from './change-leader-dialog';

function signInMethods(user: AdminUser): string {
  const methods = [user.hasPassword ? 'Password' : null, ...user.providers.map((p) => (p === 'azure' ? 'Microsoft' : 'Google'))];
  return methods.filter(Boolean).join(', ') || '—';
}

function status(user: AdminUser): string {
  if (user.disabled) return 'Disabled';
  return user.emailConfirmed ? 'Active' : 'Unconfirmed';
}

/** The roles column: the account's roles, and under them the bonus settings (role, agent number, week in the program) as far as they are set. */
function RolesCell({ user, agent }: { user: AdminUser; agent: BonusAgent | undefined }) {
  const bonus = agent
    ? [agent.commissionRole, agent.agentNumber ? `#${agent.agentNumber}` : null, agent.weeksInProgram ? `wk ${agent.weeksInProgram}` : null]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <div className="flex h-full min-w-0 flex-col justify-center leading-tight">
      <span className="truncate text-slate-900">{roles(user)}</span>
      {bonus && <span className="truncate text-xs text-slate-600">{bonus}</span>}
    </div>
  );
}

function roles(user: AdminUser): string {
  return [user.isAdmin ? 'Admin' : null, user.isSatLeader ? 'SAT leader' : null].filter(Boolean).join(', ') || 'Agent';
}

// Every column but User keeps the width its header and values need; User takes the rest,
// so the grid fits beside the sidebar from 1280 px on.
const fixed = (width: number) => ({ width, flex: 0, minWidth: width });
const itemClass = 'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100';

/** One user's actions in a menu, so the grid fits a laptop screen whatever the labels. */
function UserActions({
  user,
  onChange,
  onDisable,
  onBonus,
  onLeader,
}: {
  user: AdminUser;
  onChange: (change: AccountChange, done: string) => void;
  onDisable: () => void;
  onBonus: () => void;
  onLeader: () => void;
}) {
  return (
    <div className="flex h-full items-center">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" variant="outline" className="h-7 px-2 text-xs" aria-label={`Manage ${user.email}`}>
            Manage <ChevronDown className="h-3.5 w-3.5" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-[11rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => onChange({ admin: !user.isAdmin }, user.isAdmin ? 'is no longer an admin' : 'is now an admin')}
            >
              {user.isAdmin ? 'Revoke admin' : 'Make admin'}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => onChange({ satLeader: !user.isSatLeader }, user.isSatLeader ? 'is no longer a SAT leader' : 'is now a SAT leader')}
            >
              {user.isSatLeader ? 'Unmark SAT leader' : 'Mark SAT leader'}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={onLeader}>
              Change SAT leader...
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={onBonus}>
              Bonus settings...
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {user.disabled ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => onChange({ disabled: false }, 'can sign in again')}>
                Enable
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={onDisable}>
                Disable
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

/** Admin Users page: search accounts; add one; grant or revoke admin, mark SAT leaders, change an agent's SAT leader, set bonus settings, disable accounts. */
export function UsersPage() {
  return (
    <AdminOnly>
      <UsersAdmin />
    </AdminOnly>
  );
}

function UsersAdmin() {
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [adding, setAdding] = useState(false);
  const [bonusOf, setBonusOf] = useState<AdminUser | null>(null);
  const [leaderOf, setLeaderOf] = useState<AdminUser | null>(null);

  // The search is asked once typing pauses; only the answer to the latest one is shown.
  const query = useSettledText(search);
  const { data, reload } = useApiQuery(`/api/admin/users?search=${query}`, () => fetchUsers(query), { failure: 'Failed to load users' });
  const users = data?.users ?? [];
  const truncated = data?.truncated ?? false;
  const bonus = useApiQuery('/api/admin/bonus-agents', fetchBonusAgents, { failure: 'Failed to load bonus settings' });
  const bonusAgents = new Map((bonus.data?.agents ?? []).map((agent) => [agent.userId, agent]));

  const apply = async (user: AdminUser, change: AccountChange, done: string) => {
    try {
      await changeAccount(user.id, change);
      toast({ title: 'User updated', description: `${user.email} ${done}.` });
      setConfirming(null);
      await reload();
    } catch (failure) {
      toast({ title: 'Update failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  const columns: ColDef<AdminUser>[] = [
    {
      field: 'email',
      headerName: 'User',
      flex: 1,
      minWidth: 170,
      getQuickFilterText: (p) => `${p.data?.displayName ?? ''} ${p.data?.email ?? ''}`,
      cellRenderer: (p: { data: AdminUser }) => (
        <div className="flex h-full min-w-0 flex-col justify-center leading-tight">
          <span className="truncate font-medium text-slate-900">{p.data.displayName ?? '—'}</span>
          <span className="truncate text-xs text-slate-600">{p.data.email}</span>
        </div>
      ),
    },
    { headerName: 'Sign-in', valueGetter: (p) => (p.data ? signInMethods(p.data) : ''), ...fixed(100) },
    { headerName: 'Status', valueGetter: (p) => (p.data ? status(p.data) : ''), ...fixed(100) },
    {
      colId: 'roles',
      headerName: 'Roles',
      valueGetter: (p) => (p.data ? roles(p.data) : ''),
      cellRenderer: (p: { data: AdminUser }) => <RolesCell user={p.data} agent={bonusAgents.get(p.data.id)} />,
      ...fixed(150),
    },
    { field: 'elevatedUntil', headerName: 'Elevated until', ...MOMENT_COLUMN, ...fixed(160) },
    { field: 'lastSeenAt', headerName: 'Last seen', ...MOMENT_COLUMN, ...fixed(140) },
    {
      colId: 'actions',
      headerName: 'Actions',
      ...fixed(120),
      sortable: false,
      cellRenderer: (p: { data: AdminUser }) => (
        <UserActions
          user={p.data}
          onChange={(change, done) => void apply(p.data, change, done)}
          onDisable={() => setConfirming(p.data)}
          onBonus={() => setBonusOf(p.data)}
          onLeader={() => setLeaderOf(p.data)}
        />
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Users</h1>
          <p className="mt-1 text-sm text-slate-600">Roles, SAT leaders and account access. Disabling an account signs it out everywhere at once.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Add user
        </Button>
      </div>
      <SearchBox label="Search users" placeholder="Search by name or email" value={search} onChange={setSearch} />
      <DataGrid
        rows={users}
        columns={columns}
        rowId={(p) => p.data.id}
        emptyText="No users match your search"
        height={560}
        rowHeight={56}
        testId="users-grid"
      />
      {truncated && <p className="text-sm text-slate-600">Showing the newest 500 matches. Narrow the search to find others.</p>}
      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(email) => {
          setAdding(false);
          toast({ title: 'User added', description: `${email} has been e-mailed a link to set their password.` });
          void reload();
        }}
      />
      <BonusSettingsDialog
        user={bonusOf}
        settings={bonusOf ? (bonusAgents.get(bonusOf.id) ?? null) : null}
        onClose={() => setBonusOf(null)}
        onSaved={(email) => {
          setBonusOf(null);
          toast({ title: 'Bonus settings saved', description: `${email}'s bonus settings are saved.` });
          void bonus.reload();
        }}
      />
      <ChangeLeaderDialog
        user={leaderOf}
        onClose={() => setLeaderOf(null)}
        onSaved={(email) => {
          setLeaderOf(null);
          toast({ title: 'SAT leader changed', description: `${email} has a new SAT leader.` });
          void reload();
        }}
      />
      <ConfirmDialog
        subject={confirming}
        title="Disable this account?"
        description={(user) => `${user.email} will be signed out everywhere at once and cannot sign in until an admin enables the account again.`}
        confirmLabel="Disable account"
        onConfirm={(user) => void apply(user, { disabled: true }, 'has been disabled')}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
