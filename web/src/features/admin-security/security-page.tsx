import type { ColDef } from 'ag-grid-community';
import { useState } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { DataGrid, WRAPPED_COLUMN } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatDateTimeSeconds } from '../../lib/format';
import { personLabel, readableDetails, words } from '../../lib/readable';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchActiveAlerts, fetchSecurityEvents, updateAlert, type EventFilters, type SecurityAlert, type SecurityEvent } from './api/security';

const EVENT_TYPES = ['failed_login', 'access_code_attempt', 'unauthorized_access', 'rate_limit_exceeded', 'credential_access'];
const when = formatDateTimeSeconds;

const eventColumns: ColDef<SecurityEvent>[] = [
  { field: 'createdAt', headerName: 'When', valueFormatter: (p) => when(p.value), sort: 'desc', ...WRAPPED_COLUMN },
  { field: 'eventType', headerName: 'Type', valueFormatter: (p) => words(p.value ?? ''), ...WRAPPED_COLUMN },
  { field: 'severity', headerName: 'Severity', maxWidth: 120 },
  {
    headerName: 'User',
    minWidth: 200,
    valueGetter: (p) => personLabel(p.data?.user ?? null, p.data?.userId ? `Unknown user ${p.data.userId}` : '—'),
    ...WRAPPED_COLUMN,
  },
  { field: 'ipAddress', headerName: 'IP' },
  { headerName: 'Details', valueGetter: (p) => readableDetails(p.data?.details ?? {}), flex: 2, minWidth: 240, ...WRAPPED_COLUMN },
];

const alertWho = (alert: SecurityAlert) => personLabel(alert.user, alert.ipAddress ?? (alert.userId ? `Unknown user ${alert.userId}` : '—'));
const alertDescription = (alert: SecurityAlert) =>
  `${words(alert.alertType)}: ${alert.eventCount} events from ${alertWho(alert)}, raised ${when(alert.createdAt)}, last seen ${when(alert.lastSeenAt)}.`;

/** Admin Security page: active alerts to acknowledge or resolve, and the latest security events. */
export function SecurityPage() {
  return (
    <AdminOnly>
      <SecurityAdmin />
    </AdminOnly>
  );
}

function SecurityAdmin() {
  const [filters, setFilters] = useState<EventFilters>({});
  const [handling, setHandling] = useState<{ alert: SecurityAlert; status: 'acknowledged' | 'resolved' } | null>(null);
  const [note, setNote] = useState('');

  const { data, reload: load } = useApiQuery(
    `/api/admin/security?${JSON.stringify(filters)}`,
    async () => {
      const [events, alerts] = await Promise.all([fetchSecurityEvents(filters), fetchActiveAlerts()]);
      return { events, alerts };
    },
    { failure: 'Failed to load security events' },
  );
  const events = data?.events ?? [];
  const alerts = data?.alerts ?? [];

  const save = async () => {
    if (!handling) return;
    try {
      await updateAlert(handling.alert.alertId, handling.status, note.trim());
      toast({ title: 'Alert updated', description: `Alert marked as ${handling.status}` });
      setHandling(null);
      setNote('');
      await load();
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof ApiRequestError ? failure.message : 'Failed to update alert', variant: 'destructive' });
      if (failure instanceof ApiRequestError && failure.status === 409) {
        setHandling(null);
        await load();
      }
    }
  };

  const alertColumns: ColDef<SecurityAlert>[] = [
    { field: 'createdAt', headerName: 'Raised', valueFormatter: (p) => when(p.value), ...WRAPPED_COLUMN },
    { field: 'alertType', headerName: 'Type', valueFormatter: (p) => words(p.value ?? ''), ...WRAPPED_COLUMN },
    { field: 'severity', headerName: 'Severity', maxWidth: 110 },
    { headerName: 'Who', minWidth: 200, valueGetter: (p) => (p.data ? alertWho(p.data) : ''), ...WRAPPED_COLUMN },
    { field: 'eventCount', headerName: 'Events', maxWidth: 100 },
    { field: 'lastSeenAt', headerName: 'Last seen', valueFormatter: (p) => (p.value ? when(p.value) : '—'), ...WRAPPED_COLUMN },
    {
      headerName: 'Actions',
      minWidth: 220,
      cellRenderer: (p: { data: SecurityAlert }) => (
        <div className="flex h-full items-center gap-2">
          <Button size="sm" variant="outline" onClick={() => setHandling({ alert: p.data, status: 'acknowledged' })}>
            Acknowledge
          </Button>
          <Button size="sm" onClick={() => setHandling({ alert: p.data, status: 'resolved' })}>
            Resolve
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-brand-900">Security</h1>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Active alerts</h2>
        <DataGrid rows={alerts} columns={alertColumns} rowId={(p) => p.data.alertId} emptyText="No active alerts" height={260} testId="alerts-grid" />
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Latest security events</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Type
            <select
              className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5"
              value={filters.type ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value || undefined }))}
            >
              <option value="">All types</option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {words(t)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            User e-mail
            <input
              type="email"
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
              onChange={(e) => setFilters((f) => ({ ...f, user: e.target.value.trim() || undefined }))}
            />
          </label>
          <label className="text-sm">
            IP address
            <input
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
              onChange={(e) => setFilters((f) => ({ ...f, ip: e.target.value.trim() || undefined }))}
            />
          </label>
        </div>
        <DataGrid rows={events} columns={eventColumns} rowId={(p) => p.data.eventId} emptyText="No security events" testId="events-grid" />
      </section>
      <Dialog open={handling !== null} onOpenChange={(open) => !open && setHandling(null)}>
        <DialogContent>
          <DialogTitle>{handling?.status === 'resolved' ? 'Resolve alert' : 'Acknowledge alert'}</DialogTitle>
          <DialogDescription>{handling && alertDescription(handling.alert)}</DialogDescription>
          <label className="text-sm font-medium">
            Note
            <textarea
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setHandling(null)}>
              Cancel
            </Button>
            <Button onClick={save}>Save</Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
