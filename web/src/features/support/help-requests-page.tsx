import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { HELP_REQUESTS_TOPIC } from '../../../../src/modules/support/contracts/support-streams';
import { PRIORITIES, TICKET_STATUSES } from '../../../../src/modules/support/contracts/ticket-values';
import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { DataGrid } from '../../components/ui/data-grid';
import type { GridPages } from '../../components/ui/grid-datasource';
import { MOMENT_COLUMN } from '../../components/ui/moment-column';
import { SearchBox } from '../../components/ui/search-box';
import { toast } from '../../components/ui/toast-store';
import { onRealtimeChange } from '../../lib/realtime';
import { useSettledText } from '../../lib/use-settled-text';
import { fetchHelpRequests, findHelpRequest, type HelpRequest, type HelpRequestRow, type HelpRequestView } from './api/support';
import { HelpRequestDetailsDialog } from './components/help-request-details-dialog';
import { optionsOf, SelectField } from './components/select-field';
import { SlaCell } from './components/sla-clock-label';
import { PriorityBadge, StatusBadge } from './components/ticket-badges';
import { ViewSwitcher } from './components/view-switcher';

const PAGE_SIZE = 50;
const failed = (title: string, error: unknown) => toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });

/**
 * /help-requests: every agent's help request for admins, filtered by status and priority, paged from the server.
 * /help-requests?request=<ticketId> opens that request's details at once (Lead Returns links there).
 */
export function HelpRequestsPage() {
  return (
    <AdminOnly>
      <HelpRequests />
    </AdminOnly>
  );
}

function HelpRequests() {
  const [view, setView] = useState<HelpRequestView>('all');
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useSettledText(searchText);
  const [total, setTotal] = useState<number | null>(null);
  const [opened, setOpened] = useState<HelpRequest | null>(null);
  // A new object starts the grid again from the top: new filters, a change saved in the dialog, or one made elsewhere.
  const [generation, setGeneration] = useState(0);
  useEffect(() => onRealtimeChange(HELP_REQUESTS_TOPIC, () => setGeneration((n) => n + 1)), []);
  const [params, setParams] = useSearchParams();
  // The open request is the address's (?request=<id>): View puts it there, so Back closes it and the address can be shared.
  const linked = params.get('request');
  const openRequest = (ticketId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('request', ticketId);
      return next;
    });
  const forgetLink = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('request');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (!linked) {
      setOpened(null);
      return;
    }
    let current = true;
    findHelpRequest(linked).then(
      (found) => {
        if (!current) return;
        if (found) setOpened(found);
        else {
          toast({ title: 'Help request not found', description: 'It may have been deleted.', variant: 'destructive' });
          forgetLink();
        }
      },
      (error: unknown) => current && failed('Failed to load the help request', error),
    );
    return () => {
      current = false;
    };
    // generation: loaded again after a change saved in the dialog or made elsewhere (its SLA clocks after a reply, say).
  }, [linked, generation]);
  const close = () => {
    setOpened(null);
    forgetLink();
  };

  const pages = useMemo<GridPages<HelpRequestRow>>(
    () => ({
      pageSize: PAGE_SIZE,
      byOffset: async ({ offset, limit }) => {
        const page = await fetchHelpRequests({ view, status, priority, search, offset, limit });
        setTotal(page.total);
        return page;
      },
      onError: (error) => failed('Failed to load help requests', error),
    }),
    // generation: the same filters again, after a change saved in the dialog.
    [view, status, priority, search, generation],
  );

  const columns: ColDef<HelpRequestRow>[] = [
    { field: 'createdAt', headerName: 'Date', minWidth: 105, sortable: false, ...MOMENT_COLUMN },
    {
      field: 'userEmail',
      headerName: 'User',
      minWidth: 175,
      flex: 2,
      sortable: false,
      cellRenderer: (p: { data?: HelpRequestRow }) =>
        p.data ? (
          <span className="flex h-full flex-col justify-center leading-tight">
            <span className="truncate font-medium">{p.data.userName ?? '—'}</span>
            <span className="truncate text-xs text-slate-600">{p.data.userEmail ?? 'deleted account'}</span>
          </span>
        ) : (
          <span className="text-slate-600">Loading…</span>
        ),
    },
    { field: 'systemProgram', headerName: 'System/Program', minWidth: 150, sortable: false },
    {
      field: 'priority',
      headerName: 'Priority',
      minWidth: 85,
      sortable: false,
      cellRenderer: (p: { value?: string }) => (p.value ? <PriorityBadge priority={p.value} /> : null),
    },
    {
      field: 'status',
      headerName: 'Status',
      minWidth: 125,
      sortable: false,
      cellRenderer: (p: { value?: string }) => (p.value ? <StatusBadge status={p.value} /> : null),
    },
    {
      colId: 'assignee',
      headerName: 'Assignee',
      minWidth: 120,
      sortable: false,
      valueGetter: (p: { data?: HelpRequestRow }) => (p.data ? (p.data.assigneeName ?? p.data.assigneeEmail ?? '—') : ''),
    },
    {
      colId: 'sla',
      headerName: 'SLA',
      minWidth: 170,
      sortable: false,
      cellRenderer: (p: { data?: HelpRequestRow }) => (p.data ? <SlaCell sla={p.data.sla} /> : null),
    },
    {
      colId: 'actions',
      headerName: 'Actions',
      minWidth: 100,
      maxWidth: 100,
      sortable: false,
      // In view at any width: on a phone the other columns scroll sideways under it.
      pinned: 'right',
      cellRenderer: (p: { data?: HelpRequestRow }) =>
        p.data ? (
          <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => openRequest(p.data!.ticketId)}>
            View
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Help Requests Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every agent’s help request, newest first (Overdue: the most overdue first). Open one to assign it, change its status, answer the agent and keep notes.
        </p>
      </div>
      <ViewSwitcher value={view} onChange={setView} />
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search help requests"
          placeholder="Search concerns, replies and notes"
          value={searchText}
          onChange={setSearchText}
          className="w-full sm:w-80"
        />
        <div className="w-full max-w-[12rem]">
          <SelectField
            id="requests-status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={optionsOf(TICKET_STATUSES)}
            placeholder="All Statuses"
          />
        </div>
        <div className="w-full max-w-[12rem]">
          <SelectField
            id="requests-priority"
            label="Priority"
            value={priority}
            onChange={setPriority}
            options={optionsOf([...PRIORITIES].reverse())}
            placeholder="All Priorities"
          />
        </div>
      </div>
      {total === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700" data-testid="help-requests-empty">
          No help requests found
        </p>
      )}
      <div className={total === 0 ? 'hidden' : undefined}>
        <DataGrid pages={pages} columns={columns} rowId={(p) => p.data.ticketId} height={520} rowHeight={52} testId="help-requests-grid" sortable={false} />
      </div>
      {opened && <HelpRequestDetailsDialog key={opened.ticketId} request={opened} onClose={close} onChanged={() => setGeneration((n) => n + 1)} />}
    </div>
  );
}
