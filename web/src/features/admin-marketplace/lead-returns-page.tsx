import type { ColDef } from 'ag-grid-community';
import { LifeBuoy } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid, WRAPPED_COLUMN } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { approveLeadReturn, denyLeadReturn, fetchLeadReturns, fetchReturnReasons, type LeadReturnRow, type ReturnStatus } from './api/marketplace-admin';

const STATUS_LABEL: Record<ReturnStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };
const MAX_DENY_REASON = 500;

type ReturnGridRow = LeadReturnRow & { reasonLabel: string };

const leadNameOf = (row: LeadReturnRow) => [row.leadName, row.leadState].filter(Boolean).join(', ') || row.leadId.slice(0, 8);

/** The help request a return was started from, opened on the help requests page. */
function HelpRequestLink({ ticketId }: { ticketId: string }) {
  return (
    <Link
      to={`/help-requests?request=${ticketId}`}
      className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-brand-700 underline hover:text-brand-900"
    >
      <LifeBuoy className="h-3.5 w-3.5 shrink-0" aria-hidden />
      Help request
    </Link>
  );
}

/** What the admin decides on is read whole: the cell wraps and the row grows, instead of an ellipsis. */

/** Admin page: the lead returns queue; approving gives the lead's price back, denying tells the agent why. */
export function LeadReturnsPage() {
  return (
    <AdminOnly>
      <LeadReturnsAdmin />
    </AdminOnly>
  );
}

function LeadReturnsAdmin() {
  const [status, setStatus] = useState<ReturnStatus>('pending');
  const [denying, setDenying] = useState<LeadReturnRow | null>(null);
  const [approving, setApproving] = useState<ReturnGridRow | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const { data: returns = [], update: setReturns } = useApiQuery(`/api/admin/lead-returns?status=${status}`, () => fetchLeadReturns(status), {
    failure: 'Failed to load the lead returns',
  });
  const { data: reasons = {} } = useApiQuery(
    '/api/leads/return-reasons',
    async () => Object.fromEntries((await fetchReturnReasons()).map((reason) => [reason.code, reason.label])),
    { failure: 'Failed to load the return reasons' },
  );

  // The row stays in view with its new status until the filter is changed or the page reloaded.
  const reviewed = (returnId: string, next: ReturnStatus, denyReason: string | null) =>
    setReturns((rows = []) =>
      rows.map((row) => (row.returnId === returnId ? { ...row, status: next, denyReason, reviewedAt: new Date().toISOString() } : row)),
    );

  const approve = async (row: LeadReturnRow) => {
    setApproving(null);
    setWorking(row.returnId);
    try {
      await approveLeadReturn(row.returnId);
      reviewed(row.returnId, 'approved', null);
      toast({ title: 'Return approved', description: `${formatCents(row.priceCents)} goes back to ${row.ownerEmail}.` });
    } catch (failure) {
      toast({ title: 'Approve failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setWorking(null);
    }
  };

  // The reason's label is part of each row, so rows already shown get it when the labels arrive.
  const rows = useMemo(() => returns.map((row) => ({ ...row, reasonLabel: reasons[row.reason] ?? row.reason })), [returns, reasons]);

  const columns: ColDef<ReturnGridRow>[] = [
    {
      headerName: 'Lead',
      valueGetter: (p) => (p.data ? leadNameOf(p.data) : ''),
      tooltipValueGetter: (p) => p.data?.leadPhone ?? null,
      // A return started from a help request links to it.
      cellRenderer: (p: { data?: ReturnGridRow; value?: string }) => (
        <span className="flex flex-col items-start">
          <span>{p.value}</span>
          {p.data?.ticketId && <HelpRequestLink ticketId={p.data.ticketId} />}
        </span>
      ),
      minWidth: 150,
      ...WRAPPED_COLUMN,
    },
    { field: 'ownerEmail', headerName: 'Agent', minWidth: 150, ...WRAPPED_COLUMN },
    { field: 'reasonLabel', headerName: 'Reason', minWidth: 120, ...WRAPPED_COLUMN },
    { field: 'comment', headerName: 'Comment', valueFormatter: (p) => p.value || '—', minWidth: 140, flex: 2, ...WRAPPED_COLUMN },
    { field: 'requestedAt', headerName: 'Requested', valueFormatter: (p) => formatShortDateTime(p.value), minWidth: 125, ...WRAPPED_COLUMN },
    { field: 'priceCents', headerName: 'Price', valueFormatter: (p) => formatCents(p.value), maxWidth: 100, minWidth: 90 },
    {
      headerName: 'Status',
      valueGetter: (p) => (p.data ? STATUS_LABEL[p.data.status] : ''),
      tooltipValueGetter: (p) => p.data?.denyReason ?? null,
      minWidth: 95,
      maxWidth: 120,
    },
    {
      headerName: 'Actions',
      sortable: false,
      minWidth: 150,
      maxWidth: 170,
      cellRenderer: (p: { data: ReturnGridRow }) =>
        p.data.status !== 'pending' ? null : (
          <div className="flex h-full items-center gap-2">
            <Button size="sm" className="h-7 px-2 text-xs" disabled={working === p.data.returnId} onClick={() => setApproving(p.data)}>
              Approve
            </Button>
            <Button size="sm" variant="outline" className="h-7 px-2 text-xs" disabled={working === p.data.returnId} onClick={() => setDenying(p.data)}>
              Deny
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Lead Returns</h1>
          <p className="mt-1 text-sm text-slate-600">
            Returns agents asked for, oldest first. Approving gives the lead’s price back to the agent’s wallet; denying tells the agent why.
          </p>
        </div>
        <div>
          <label htmlFor="returns-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="returns-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ReturnStatus)}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            {(Object.keys(STATUS_LABEL) as ReturnStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABEL[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* A grid where there is room; on a phone, one card per return with its actions in view. */}
      <div className="hidden sm:block">
        <DataGrid
          rows={rows}
          columns={columns}
          rowId={(p) => p.data.returnId}
          emptyText={`No ${STATUS_LABEL[status].toLowerCase()} returns`}
          testId="lead-returns-grid"
        />
      </div>
      <ReturnCards rows={rows} status={status} working={working} onApprove={setApproving} onDeny={setDenying} />
      <ConfirmDialog
        subject={approving}
        title="Approve this return?"
        description={(row) =>
          `${row.ownerEmail} gets ${formatCents(row.priceCents)} back for ${row.leadName ?? 'the lead'} (${row.reasonLabel}). The lead leaves their list.`
        }
        confirmLabel="Approve return"
        confirmVariant="default"
        onConfirm={(row) => void approve(row)}
        onCancel={() => setApproving(null)}
      />
      <DenyDialog
        subject={denying}
        onClose={() => setDenying(null)}
        onDenied={(row, reason) => {
          setDenying(null);
          reviewed(row.returnId, 'denied', reason);
          toast({ title: 'Return denied', description: `${row.ownerEmail} is told why.` });
        }}
      />
    </div>
  );
}

/** The returns as cards, for a phone: everything the admin decides on, and the actions, without scrolling sideways. */
function ReturnCards({
  rows,
  status,
  working,
  onApprove,
  onDeny,
}: {
  rows: readonly ReturnGridRow[];
  status: ReturnStatus;
  working: string | null;
  onApprove: (row: ReturnGridRow) => void;
  onDeny: (row: ReturnGridRow) => void;
}) {
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700 sm:hidden">
        No {STATUS_LABEL[status].toLowerCase()} returns
      </p>
    );
  return (
    <ul className="space-y-3 sm:hidden" aria-label="Lead returns" data-testid="lead-returns-cards">
      {rows.map((row) => (
        <li key={row.returnId} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold text-slate-900">{leadNameOf(row)}</p>
            <p className="tabular-nums text-slate-900">{formatCents(row.priceCents)}</p>
          </div>
          <p className="mt-1 break-all text-slate-700">{row.ownerEmail}</p>
          {row.ticketId && (
            <p className="mt-1">
              <HelpRequestLink ticketId={row.ticketId} />
            </p>
          )}
          <p className="mt-2 text-slate-900">{row.reasonLabel}</p>
          {row.comment && <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{row.comment}</p>}
          <p className="mt-2 text-xs text-slate-600">
            Requested {formatShortDateTime(row.requestedAt)} · {STATUS_LABEL[row.status]}
            {row.denyReason ? `: ${row.denyReason}` : ''}
          </p>
          {row.status === 'pending' && (
            <div className="mt-3 flex gap-2">
              <Button size="sm" disabled={working === row.returnId} onClick={() => onApprove(row)}>
                Approve
              </Button>
              <Button size="sm" variant="outline" disabled={working === row.returnId} onClick={() => onDeny(row)}>
                Deny
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function DenyDialog({
  subject,
  onClose,
  onDenied,
}: {
  subject: LeadReturnRow | null;
  onClose: () => void;
  onDenied: (row: LeadReturnRow, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject) return;
    const text = reason.trim();
    if (!text) return setError('Say why the return is denied; the agent sees it.');
    if (text.length > MAX_DENY_REASON) return setError(`The reason is at most ${MAX_DENY_REASON} characters`);
    setBusy(true);
    try {
      await denyLeadReturn(subject.returnId, text);
      setReason('');
      setError(null);
      onDenied(subject, text);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.length) setError(failure.fieldErrors[0]!.message);
      else toast({ title: 'Deny failed', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Deny this return?</DialogTitle>
        <DialogDescription>
          {subject &&
            `${subject.ownerEmail} asked to return ${subject.leadName ?? 'a lead'} (${formatCents(subject.priceCents)}). The reason you give is shown to the agent.`}
        </DialogDescription>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <div>
            <label htmlFor="deny-reason" className="block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea
              id="deny-reason"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'deny-reason-error' : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid]:border-red-500"
            />
            {error && (
              <p id="deny-reason-error" className="mt-1 text-sm text-red-600">
                {error}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Denying...' : 'Deny return'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
