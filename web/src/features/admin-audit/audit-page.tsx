import type { ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { DataGrid } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import type { GridPages } from '../../components/ui/grid-datasource';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError, type FieldError } from '../../lib/api-client';
import { formatDateTimeSeconds, orgLocalToInstant, zoneLabel } from '../../lib/format';
import { personLabel, words } from '../../lib/readable';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchAuditEvent, fetchAuditFacets, fetchAuditPage, type AuditActor, type AuditEvent, type AuditFilters } from './api/audit';

const PAGE_SIZE = 50;
const when = formatDateTimeSeconds;
const actorLabel = (actor: AuditActor) =>
  actor.type === 'user'
    ? personLabel(actor.email ? { email: actor.email, displayName: actor.displayName } : null, `Unknown user ${actor.id}`)
    : `System: ${actor.id}`;
/** A datetime-local value (the organisation's wall clock, as every time here) as an instant the server reads. */
const toInstant = orgLocalToInstant;

type FilterForm = { actor: string; type: string; streamType: string; stream: string; from: string; to: string };
const EMPTY: FilterForm = { actor: '', type: '', streamType: '', stream: '', from: '', to: '' };

/** Admin Audit page: every stored event, newest first, with filters, each event's data and its correlation chain. */
export function AuditPage() {
  return (
    <AdminOnly>
      <AuditAdmin />
    </AdminOnly>
  );
}

function AuditAdmin() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [openEventId, setOpenEventId] = useState<string | null>(null);

  const { data: facets = { eventTypes: [], streamTypes: [] } } = useApiQuery('/api/admin/audit/facets', fetchAuditFacets, {
    failure: 'Failed to load the event types',
  });

  const showError = useCallback((error: unknown) => {
    if (error instanceof ApiRequestError && error.fieldErrors.length > 0) setFieldErrors(error.fieldErrors);
    else toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to load the audit log', variant: 'destructive' });
  }, []);

  const pages = useMemo<GridPages<AuditEvent>>(
    () => ({
      pageSize: PAGE_SIZE,
      byCursor: async (cursor) => {
        const page = await fetchAuditPage(filters, PAGE_SIZE, cursor);
        return { rows: page.events, nextCursor: page.nextCursor };
      },
      onError: showError,
    }),
    [filters, showError],
  );

  const apply = (next: FilterForm) => {
    setForm(next);
    if (next.from && next.to && toInstant(next.from)! >= toInstant(next.to)!) {
      setFieldErrors([{ field: 'to', message: 'The start must be before the end' }]);
      return;
    }
    setFieldErrors([]);
    setFilters({
      actor: next.actor.trim() || undefined,
      type: next.type || undefined,
      streamType: next.streamType || undefined,
      stream: next.stream.trim() || undefined,
      from: toInstant(next.from),
      to: toInstant(next.to),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(form);
  };
  const errorOf = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  const field = (name: keyof FilterForm) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const columns: ColDef<AuditEvent>[] = [
    {
      field: 'occurredAt',
      headerName: 'Time',
      // The whole time with its zone ('11/27/26, 4:48:03 AM EST'): the link that opens the event.
      minWidth: 225,
      maxWidth: 240,
      cellRenderer: (p: { data?: AuditEvent }) =>
        p.data ? (
          <button type="button" className="text-left text-brand-700 underline-offset-2 hover:underline" onClick={() => setOpenEventId(p.data!.eventId)}>
            {when(p.data.occurredAt)}
          </button>
        ) : (
          <span className="text-slate-600">Loading…</span>
        ),
    },
    {
      colId: 'actor',
      headerName: 'Actor',
      minWidth: 220,
      flex: 1.5,
      valueGetter: (p) => (p.data ? actorLabel(p.data.actor) : ''),
      cellRenderer: (p: { data?: AuditEvent; value: string }) =>
        p.data?.actor.email ? (
          <div className="flex h-full flex-col justify-center leading-tight">
            <span className="truncate font-medium">{p.data.actor.displayName ?? p.data.actor.email}</span>
            <span className="truncate text-xs text-slate-500">{p.data.actor.email}</span>
          </div>
        ) : (
          p.value
        ),
    },
    { field: 'eventType', headerName: 'Type', minWidth: 180 },
    { field: 'streamId', headerName: 'Stream', minWidth: 150 },
    { field: 'summary', headerName: 'Summary', flex: 3, minWidth: 300 },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Audit</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every event the portal stored, newest first. Open an event for its full data and the events of the same request or process. Times, in the list and the
          filters, are in {zoneLabel()}.
        </p>
      </div>
      <form className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} aria-label="Audit filters">
        <FilterField label="Actor e-mail or id" error={errorOf('actor')}>
          <input className={INPUT} placeholder="name@example.com" {...field('actor')} />
        </FilterField>
        <FilterField label="Event type" error={errorOf('type')}>
          <select className={INPUT} {...field('type')}>
            <option value="">All event types</option>
            {facets.eventTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Stream type" error={errorOf('streamType')}>
          <select className={INPUT} {...field('streamType')}>
            <option value="">All stream types</option>
            {facets.streamTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Stream" error={errorOf('stream')}>
          <input className={INPUT} placeholder="e.g. account-…" {...field('stream')} />
        </FilterField>
        <FilterField label="From" error={errorOf('from')}>
          <input type="datetime-local" step="1" className={INPUT} {...field('from')} />
        </FilterField>
        <FilterField label="To" error={errorOf('to')}>
          <input type="datetime-local" step="1" className={INPUT} {...field('to')} />
        </FilterField>
        <div className="flex items-end gap-3 sm:col-span-2">
          <Button type="submit">Apply filters</Button>
          <Button type="button" variant="outline" onClick={() => apply(EMPTY)}>
            Clear
          </Button>
        </div>
      </form>
      <DataGrid
        pages={pages}
        columns={columns}
        rowId={(p) => p.data.eventId}
        height={560}
        rowHeight={52}
        sortable={false}
        minColumnWidth={120}
        onRowClick={(event) => setOpenEventId(event.eventId)}
        testId="audit-grid"
      />
      <EventDetailDialog
        eventId={openEventId}
        onOpenEvent={setOpenEventId}
        onClose={() => setOpenEventId(null)}
        onFilterStream={(stream) => {
          setOpenEventId(null);
          apply({ ...EMPTY, stream });
        }}
      />
    </div>
  );
}

const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

function FilterField({ label, error, children }: { label: string; error?: string; children: React.ReactNode }) {
  return (
    <label className="text-sm font-medium text-slate-700">
      {label}
      {children}
      {error && <span className="mt-1 block text-xs font-normal text-red-600">{error}</span>}
    </label>
  );
}

type DetailProps = { eventId: string | null; onOpenEvent: (id: string) => void; onClose: () => void; onFilterStream: (stream: string) => void };

function EventDetailDialog({ eventId, onOpenEvent, onClose, onFilterStream }: DetailProps) {
  const { data: detail } = useApiQuery(`/api/admin/audit/events/${eventId}`, () => fetchAuditEvent(eventId!), {
    failure: 'Failed to load the event',
    enabled: eventId !== null,
  });
  const shown = detail && detail.event.eventId === eventId ? detail : null;

  return (
    <Dialog open={eventId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="audit-event-detail">
        <DialogTitle>{shown ? words(shown.event.eventType) : 'Event'}</DialogTitle>
        <DialogDescription className="break-words">{shown?.event.summary ?? 'Loading…'}</DialogDescription>
        {shown && (
          <>
            <dl className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
              <Term name="Time">{when(shown.event.occurredAt)}</Term>
              <Term name="Actor">{actorLabel(shown.event.actor)}</Term>
              <Term name="Type">{shown.event.eventType}</Term>
              <Term name="Stream">
                <span className="break-all">{shown.event.streamId}</span> (version {shown.event.streamVersion}){' '}
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onFilterStream(shown.event.streamId)}>
                  Show this stream
                </Button>
              </Term>
              <Term name="Correlation id">{shown.event.correlationId}</Term>
              <Term name="Recorded">{when(shown.event.recordedAt)}</Term>
            </dl>
            <section aria-label="Data" className="min-w-0">
              <h3 className="text-sm font-semibold">Data</h3>
              <pre
                tabIndex={0}
                aria-label="Event data"
                className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-3 text-xs focus-visible:outline-2 focus-visible:outline-brand-600"
                data-testid="audit-event-data"
              >
                {JSON.stringify(shown.event.data, null, 2)}
              </pre>
            </section>
            <section aria-label="Metadata" className="min-w-0">
              <h3 className="text-sm font-semibold">Metadata</h3>
              <pre
                tabIndex={0}
                aria-label="Event metadata"
                className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-3 text-xs focus-visible:outline-2 focus-visible:outline-brand-600"
                data-testid="audit-event-metadata"
              >
                {JSON.stringify({ ...shown.event.metadata, position: shown.event.position }, null, 2)}
              </pre>
            </section>
            <section aria-label="Correlation chain" className="min-w-0">
              <h3 className="text-sm font-semibold">
                Correlation chain ({shown.chain.length}
                {shown.chainTruncated ? '+, the first shown' : ''})
              </h3>
              <ol className="mt-1 space-y-1 text-sm" data-testid="audit-correlation-chain">
                {shown.chain.map((link) => (
                  <li key={link.eventId}>
                    {link.eventId === shown.event.eventId ? (
                      <span className="block rounded bg-brand-50 px-2 py-1 font-medium" aria-current="true">
                        {when(link.occurredAt)} · {link.summary} · {actorLabel(link.actor)}
                      </span>
                    ) : (
                      <button type="button" className="block w-full rounded px-2 py-1 text-left hover:bg-slate-100" onClick={() => onOpenEvent(link.eventId)}>
                        {when(link.occurredAt)} · {link.summary} · {actorLabel(link.actor)}
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Term({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{name}</dt>
      <dd className="min-w-0 break-words text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}
