import type { ColDef } from 'ag-grid-community';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid, WRAPPED_COLUMN } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import {
  cancelSession,
  fetchAdminSessions,
  fetchRegistrations,
  moveSession,
  registrationsCsvUrl,
  setSessionCapacity,
  type AdminSession,
  type PrepRegistrationRow,
} from './api/prep-course';

const failed = (title: string) => (failure: unknown) =>
  toast({ title, description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });

const statusOf = (session: AdminSession) =>
  session.status === 'cancelled' ? 'Cancelled' : session.registered >= session.capacity ? 'Full' : session.offered ? 'Open' : 'Not offered now';

/** Admin page: the course weekends (seats, registrations, cancel, move, capacity) and each weekend's registrations with CSV export. */
export function PrepCourseAdminPage() {
  return (
    <AdminOnly>
      <PrepCourseAdmin />
    </AdminOnly>
  );
}

function PrepCourseAdmin() {
  const { data: sessions = [], reload } = useApiQuery('/api/admin/prep-course/sessions', fetchAdminSessions, { failure: 'Failed to load the course weekends' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<AdminSession | null>(null);
  const [moving, setMoving] = useState<AdminSession | null>(null);
  const [sizing, setSizing] = useState<AdminSession | null>(null);
  const selected = sessions.find((session) => session.sessionId === selectedId) ?? sessions.find((session) => session.offered) ?? null;

  const cancel = async (session: AdminSession) => {
    try {
      await cancelSession(session.sessionId);
      toast({ title: 'Course cancelled', description: `${session.label}: its ${session.registered} registrant(s) are being e-mailed.` });
      setCancelling(null);
      await reload();
    } catch (failure) {
      failed('Cancel failed')(failure);
    }
  };

  const columns: ColDef<AdminSession>[] = [
    { field: 'label', headerName: 'Weekend', flex: 2, minWidth: 220, ...WRAPPED_COLUMN },
    { headerName: 'Status', valueGetter: (p) => (p.data ? statusOf(p.data) : ''), minWidth: 110, maxWidth: 150 },
    { field: 'registered', headerName: 'Registered', maxWidth: 120 },
    { field: 'capacity', headerName: 'Seats', maxWidth: 100 },
    { field: 'movedFrom', headerName: 'Moved from', valueFormatter: (p) => p.value ?? '', minWidth: 120, maxWidth: 140 },
    {
      headerName: 'Actions',
      sortable: false,
      minWidth: 330,
      cellRenderer: (p: { data: AdminSession }) => (
        <div className="flex h-full items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            className="h-7 px-2 text-xs"
            onClick={() => setSelectedId(p.data.sessionId)}
            aria-label={`Registrations of ${p.data.label}`}
          >
            Registrations
          </Button>
          {p.data.status === 'scheduled' && (
            <>
              <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => setSizing(p.data)} aria-label={`Seats of ${p.data.label}`}>
                Seats
              </Button>
              <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => setMoving(p.data)} aria-label={`Move ${p.data.label}`}>
                Move
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="h-7 px-2 text-xs text-red-700"
                onClick={() => setCancelling(p.data)}
                aria-label={`Cancel ${p.data.label}`}
              >
                Cancel
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">License Prep Course</h1>
        <p className="mt-1 text-sm text-slate-600">
          Course weekends run every other weekend and are added from that cadence three months ahead. A full or cancelled weekend is not offered; moving or
          cancelling one e-mails its registrants.
        </p>
      </div>
      <DataGrid rows={sessions} columns={columns} rowId={(p) => p.data.sessionId} emptyText="No course weekends yet" height={360} testId="prep-sessions-grid" />
      {selected && <RegistrationsOf session={selected} />}
      <ConfirmDialog
        subject={cancelling}
        title="Cancel this course weekend?"
        description={(session) =>
          `${session.label} will no longer be offered, and its ${session.registered} registrant(s) will be e-mailed that it is cancelled.`
        }
        confirmLabel="Cancel course"
        onConfirm={(session) => void cancel(session)}
        onCancel={() => setCancelling(null)}
      />
      <MoveDialog session={moving} onClose={() => setMoving(null)} onDone={() => void reload()} />
      <CapacityDialog session={sizing} onClose={() => setSizing(null)} onDone={() => void reload()} />
    </div>
  );
}

/** Whether a line holds a seat: confirmed (from the mailbox, by the agent's own account, or by the form before confirmations), or pending its mailed link. */
const statusLabel = (row: PrepRegistrationRow): string => {
  if (row.status === 'pending') return 'Pending: link not followed (no seat)';
  const how = row.confirmedVia === 'email' ? 'by e-mail' : row.confirmedVia === 'account' ? 'signed in' : 'form';
  return `Confirmed (${how})${row.changePending ? '; change pending' : ''}`;
};

function RegistrationsOf({ session }: { session: AdminSession }) {
  const { data: registrations = [] } = useApiQuery(
    `/api/admin/prep-course/sessions/${session.sessionId}/registrations`,
    () => fetchRegistrations(session.sessionId),
    {
      failure: 'Failed to load the registrations',
    },
  );
  const columns: ColDef<PrepRegistrationRow>[] = [
    { headerName: 'Name', valueGetter: (p) => (p.data ? `${p.data.firstName} ${p.data.lastName}` : ''), minWidth: 160, ...WRAPPED_COLUMN },
    { field: 'email', headerName: 'Email', minWidth: 200, ...WRAPPED_COLUMN },
    { field: 'officeLabel', headerName: 'Office', minWidth: 180, ...WRAPPED_COLUMN },
    { field: 'examAttempts', headerName: 'Exam attempts', maxWidth: 150 },
    {
      headerName: 'Status',
      colId: 'status',
      valueGetter: (p) => (p.data ? statusLabel(p.data) : ''),
      minWidth: 170,
      ...WRAPPED_COLUMN,
    },
    { field: 'createdAt', headerName: 'Registered', valueFormatter: (p) => formatShortDateTime(p.value), sort: 'asc', minWidth: 170 },
  ];
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          Registrations: <span data-testid="registrations-of">{session.label}</span>
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={registrationsCsvUrl(session.sessionId)} download>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </Button>
      </div>
      <DataGrid
        rows={registrations}
        columns={columns}
        rowId={(p) => p.data.registrationId}
        emptyText="Nobody has registered yet"
        height={320}
        testId="prep-registrations-grid"
      />
    </section>
  );
}

function MoveDialog({ session, onClose, onDone }: { session: AdminSession | null; onClose: () => void; onDone: () => void }) {
  const [saturday, setSaturday] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    try {
      await moveSession(session.sessionId, saturday);
      toast({ title: 'Course moved', description: `Its registrants are being e-mailed the new dates.` });
      setSaturday('');
      setError(null);
      onClose();
      onDone();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setError(failure.fieldErrors[0]?.message ?? failure.message);
      else failed('Move failed')(failure);
    }
  };
  return (
    <Dialog open={session !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Move this course weekend</DialogTitle>
        <DialogDescription>{session?.label}: choose the new Saturday (the course runs that Saturday and Sunday).</DialogDescription>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="New Saturday" name="saturday" type="date" value={saturday} onChange={(event) => setSaturday(event.target.value)} error={error} />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit">Move course</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CapacityDialog({ session, onClose, onDone }: { session: AdminSession | null; onClose: () => void; onDone: () => void }) {
  const [capacity, setCapacity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    try {
      await setSessionCapacity(session.sessionId, Number(capacity));
      toast({ title: 'Seats saved', description: `${session.label} has ${capacity} seats.` });
      setCapacity('');
      setError(null);
      onClose();
      onDone();
    } catch (failure) {
      if (failure instanceof ApiRequestError) setError(failure.fieldErrors[0]?.message ?? failure.message);
      else failed('Saving the seats failed')(failure);
    }
  };
  return (
    <Dialog open={session !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Seats</DialogTitle>
        <DialogDescription>
          {session?.label}: {session?.registered} registered of {session?.capacity} seats.
        </DialogDescription>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label="Seats"
            name="capacity"
            type="number"
            min={1}
            inputMode="numeric"
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            error={error}
          />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit">Save seats</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
