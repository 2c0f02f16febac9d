import type { ColDef } from 'ag-grid-community';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid, WRAPPED_COLUMN } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { ShownOnceDialog } from '../../components/ui/shown-once-dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { useFormSubmission } from '../../lib/use-form-submission';
import { createLeadVendor, fetchLeadVendors, revokeLeadVendor, type LeadVendorRow } from './api/marketplace-admin';
import { AgedImportCard } from './components/aged-import-card';

/** Admin page: the lead vendors that post leads with an API key (shown once), and aged-lead CSV imports. */
export function LeadVendorsPage() {
  return (
    <AdminOnly>
      <LeadVendorsAdmin />
    </AdminOnly>
  );
}

function LeadVendorsAdmin() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; apiKey: string } | null>(null);
  const [revoking, setRevoking] = useState<LeadVendorRow | null>(null);

  const { data: vendors = [], reload: load } = useApiQuery('/api/admin/lead-vendors', fetchLeadVendors, { failure: 'Failed to load the lead vendors' });

  const revoke = async (vendor: LeadVendorRow) => {
    try {
      await revokeLeadVendor(vendor.vendorId);
      toast({ title: 'Vendor revoked', description: `“${vendor.name}” can no longer post leads.` });
      setRevoking(null);
      await load();
    } catch (failure) {
      toast({ title: 'Revoke failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  const columns: ColDef<LeadVendorRow>[] = [
    { field: 'name', headerName: 'Name', flex: 2, minWidth: 160, ...WRAPPED_COLUMN },
    { field: 'keyPrefix', headerName: 'Key', valueFormatter: (p) => `${p.value}…`, minWidth: 120, ...WRAPPED_COLUMN },
    { field: 'createdAt', headerName: 'Created', valueFormatter: (p) => formatShortDateTime(p.value), sort: 'desc', minWidth: 150, ...WRAPPED_COLUMN },
    { headerName: 'Status', valueGetter: (p) => (p.data?.revokedAt ? 'Revoked' : 'Active'), maxWidth: 120 },
    { headerName: 'Aged leads', valueGetter: (p) => (p.data?.sendsAgedLeads ? 'Sends' : 'No'), minWidth: 130, maxWidth: 140 },
    { field: 'leads', headerName: 'Leads', maxWidth: 100 },
    {
      field: 'lastLeadAt',
      headerName: 'Last used',
      valueFormatter: (p) => (p.value ? formatShortDateTime(p.value) : 'Never'),
      minWidth: 190,
      ...WRAPPED_COLUMN,
    },
    {
      headerName: 'Actions',
      sortable: false,
      minWidth: 110,
      maxWidth: 120,
      cellRenderer: (p: { data: LeadVendorRow }) =>
        p.data.revokedAt ? null : (
          <div className="flex h-full items-center">
            <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => setRevoking(p.data)} aria-label={`Revoke ${p.data.name}`}>
              Revoke
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Lead Vendors</h1>
          <p className="mt-1 text-sm text-slate-600">
            Vendors post leads to the intake API with their key. A key is shown once, when the vendor is created; only its hash is kept.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden /> New vendor
        </Button>
      </div>
      <DataGrid rows={vendors} columns={columns} rowId={(p) => p.data.vendorId} emptyText="No lead vendors yet" height={320} testId="lead-vendors-grid" />
      <AgedImportCard vendors={vendors.filter((vendor) => !vendor.revokedAt)} onImported={() => void load()} />
      <CreateVendorDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(name, apiKey) => {
          setCreating(false);
          setCreated({ name, apiKey });
          void load();
        }}
      />
      <ShownOnceDialog
        value={created?.apiKey ?? null}
        title="Vendor created"
        description={`Give this API key to “${created?.name ?? ''}”. It will not be shown again: copy it now.`}
        noun="key"
        testId="new-vendor-key"
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        subject={revoking}
        title="Revoke this vendor?"
        description={(vendor) => `“${vendor.name}” will no longer be able to post leads with its key. Leads it posted stay.`}
        confirmLabel="Revoke vendor"
        onConfirm={(vendor) => void revoke(vendor)}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}

function CreateVendorDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (name: string, apiKey: string) => void }) {
  const [name, setName] = useState('');
  const [sendsAgedLeads, setSendsAgedLeads] = useState(false);
  const {
    busy,
    submit: run,
    errorFor,
  } = useFormSubmission((failure) =>
    toast({ title: 'Could not create the vendor', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { apiKey } = await createLeadVendor(name, sendsAgedLeads);
      onCreated(name.trim(), apiKey);
      setName('');
      setSendsAgedLeads(false);
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>New lead vendor</DialogTitle>
        <DialogDescription>The vendor gets an API key to post leads with.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField
            label="Vendor name"
            name="name"
            placeholder="e.g. Acme Leads"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errorFor('name')}
          />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5" checked={sendsAgedLeads} onChange={(e) => setSendsAgedLeads(e.target.checked)} />
            <span>
              Sends aged leads
              <span className="block text-xs text-slate-500">Otherwise aged leads only come in through an import below.</span>
            </span>
          </label>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create vendor'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
