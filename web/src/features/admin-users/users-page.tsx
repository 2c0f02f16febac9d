import type { ColDef } from 'ag-grid-community';
import { Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DataGrid } from '../../components/ui/data-grid';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { AdminOnly } from '../auth/components/admin-only';
import { AddUserDialog } from './add-user-dialog';
import { changeAccount, fetchUsers, type AccountChange, type AdminUser } from './api/users';

const SEARCH_DELAY_MS = 250;

function signInMethods(user: AdminUser): string {
  const methods = [user.hasPassword ? 'Password' : null, ...user.providers.map((p) => (p === 'azure' ? 'Microsoft' : 'Google'))];
  return methods.filter(Boolean).join(', ') || '—';
}

function status(user: AdminUser): string {
  if (user.disabled) return 'Disabled';
  return user.emailConfirmed ? 'Active' : 'Unconfirmed';
}

/** Admin Users page: search accounts; add one; grant or revoke admin, mark SAT leaders, disable accounts. */
export function UsersPage() {
  return (
    <AdminOnly>
      <UsersAdmin />
    </AdminOnly>
  );
}

function UsersAdmin() {
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(async (text: string) => {
    try {
      const answer = await fetchUsers(text.trim());
      setUsers(answer.users);
      setTruncated(answer.truncated);
    } catch {
      toast({ title: 'Error', description: 'Failed to load users', variant: 'destructive' });
    }
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void load(search), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search, load]);

  const apply = async (user: AdminUser, change: AccountChange, done: string) => {
    try {
      await changeAccount(user.id, change);
      toast({ title: 'User updated', description: `${user.email} ${done}.` });
      setConfirming(null);
      await load(search);
    } catch (failure) {
      toast({ title: 'Update failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  const action = (label: string, onClick: () => void, destructive = false) => (
    <Button size="sm" variant={destructive ? 'destructive' : 'outline'} className="h-7 px-2 text-xs" onClick={onClick}>
      {label}
    </Button>
  );

  const columns: ColDef<AdminUser>[] = [
    {
      field: 'email',
      headerName: 'User',
      flex: 2,
      minWidth: 220,
      getQuickFilterText: (p) => `${p.data?.displayName ?? ''} ${p.data?.email ?? ''}`,
      cellRenderer: (p: { data: AdminUser }) => (
        <div className="flex h-full flex-col justify-center leading-tight">
          <span className="font-medium text-slate-900">{p.data.displayName ?? '—'}</span>
          <span className="text-xs text-slate-500">{p.data.email}</span>
        </div>
      ),
    },
    { headerName: 'Sign-in', valueGetter: (p) => (p.data ? signInMethods(p.data) : ''), minWidth: 110 },
    { headerName: 'Status', valueGetter: (p) => (p.data ? status(p.data) : ''), minWidth: 110, maxWidth: 130 },
    { field: 'isAdmin', headerName: 'Admin', cellDataType: 'text', valueFormatter: (p) => (p.value ? 'Yes' : 'No'), minWidth: 80, maxWidth: 100 },
    { field: 'isSatLeader', headerName: 'SAT leader', cellDataType: 'text', valueFormatter: (p) => (p.value ? 'Yes' : 'No'), minWidth: 100, maxWidth: 120 },
    { field: 'elevatedUntil', headerName: 'Elevated until', valueFormatter: (p) => formatShortDateTime(p.value), minWidth: 130 },
    { field: 'lastSeenAt', headerName: 'Last seen', valueFormatter: (p) => formatShortDateTime(p.value), minWidth: 130 },
    {
      headerName: 'Actions',
      minWidth: 350,
      sortable: false,
      cellRenderer: (p: { data: AdminUser }) => {
        const user = p.data;
        return (
          <div className="flex h-full items-center gap-1.5">
            {action(user.isAdmin ? 'Revoke admin' : 'Make admin', () => void apply(user, { admin: !user.isAdmin }, user.isAdmin ? 'is no longer an admin' : 'is now an admin'))}
            {action(user.isSatLeader ? 'Unmark SAT leader' : 'Mark SAT leader', () =>
              void apply(user, { satLeader: !user.isSatLeader }, user.isSatLeader ? 'is no longer a SAT leader' : 'is now a SAT leader'),
            )}
            {user.disabled ? action('Enable', () => void apply(user, { disabled: false }, 'can sign in again')) : action('Disable', () => setConfirming(user), true)}
          </div>
        );
      },
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
      <label className="relative block max-w-md">
        <span className="sr-only">Search users</span>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          type="search"
          placeholder="Search by name or email"
          className="w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-sm"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <DataGrid rows={users} columns={columns} rowId={(p) => p.data.id} emptyText="No users match your search" height={560} rowHeight={56} testId="users-grid" />
      {truncated && <p className="text-sm text-slate-600">Showing the newest 500 matches. Narrow the search to find others.</p>}
      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(email) => {
          setAdding(false);
          toast({ title: 'User added', description: `${email} has been e-mailed a link to set their password.` });
          void load(search);
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
