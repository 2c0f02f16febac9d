import type { ColDef } from 'ag-grid-community';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { ShownOnceDialog } from '../../components/ui/shown-once-dialog';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime, orgLocalToInstant, zoneAbbreviation } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { useFormSubmission } from '../../lib/use-form-submission';
import { createAccessCode, disableAccessCode, fetchAccessCodes, type AccessCodeRow } from './api/access-codes';

function status(code: AccessCodeRow): string {
  if (code.disabled) return 'Disabled';
  if (code.expiresAt && Date.parse(code.expiresAt) <= Date.now()) return 'Expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'Used up';
  return 'Active';
}

/** Admin page: access codes that unlock elevated access, created here and shown once. */
export function AccessCodesPage() {
  return (
    <AdminOnly>
      <AccessCodesAdmin />
    </AdminOnly>
  );
}

function AccessCodesAdmin() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ code: string; label: string } | null>(null);
  const [disabling, setDisabling] = useState<AccessCodeRow | null>(null);

  const { data: codes = [], update: setCodes } = useApiQuery('/api/admin/access-codes', fetchAccessCodes, { failure: 'Failed to load the access codes' });

  const disable = async (code: AccessCodeRow) => {
    try {
      await disableAccessCode(code.codeId);
      toast({ title: 'Code disabled', description: `“${code.label}” no longer unlocks anything.` });
      setDisabling(null);
      // The list is a read model: it follows the event a moment later.
      setCodes((rows = []) => rows.map((row) => (row.codeId === code.codeId ? { ...row, disabled: true } : row)));
    } catch (failure) {
      toast({ title: 'Disable failed', description: failure instanceof ApiRequestError ? failure.message : 'Please try again.', variant: 'destructive' });
    }
  };

  const columns: ColDef<AccessCodeRow>[] = [
    { field: 'label', headerName: 'Label', flex: 2, minWidth: 180 },
    { field: 'grantsHours', headerName: 'Grants', valueFormatter: (p) => `${p.value} h`, maxWidth: 110 },
    { headerName: 'Uses', valueGetter: (p) => (p.data ? `${p.data.uses}${p.data.maxUses === null ? '' : ` / ${p.data.maxUses}`}` : ''), maxWidth: 110 },
    // A short date and time with its zone ("11/25/26, 3:55 PM EST") needs about 185 px whole, 205 with the sort arrow.
    { field: 'expiresAt', headerName: 'Expires', valueFormatter: (p) => formatShortDateTime(p.value), minWidth: 195 },
    { headerName: 'Status', valueGetter: (p) => (p.data ? status(p.data) : ''), maxWidth: 130 },
    { field: 'createdAt', headerName: 'Created', valueFormatter: (p) => formatShortDateTime(p.value), sort: 'desc', minWidth: 210 },
    {
      headerName: 'Actions',
      sortable: false,
      minWidth: 110,
      maxWidth: 120,
      cellRenderer: (p: { data: AccessCodeRow }) =>
        p.data.disabled ? null : (
          <div className="flex h-full items-center">
            <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => setDisabling(p.data)}>
              Disable
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Access Codes</h1>
          <p className="mt-1 text-sm text-slate-600">
            Codes agents enter to unlock elevated access. A code is shown once, when it is created; only its hash is kept.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden /> New code
        </Button>
      </div>
      <DataGrid rows={codes} columns={columns} rowId={(p) => p.data.codeId} emptyText="No access codes yet" testId="access-codes-grid" />
      <CreateCodeDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(code, row) => {
          setCreating(false);
          setCreated({ code, label: row.label });
          // Shown at once; the list itself (a read model) has it a moment later.
          setCodes((rows = []) => [row, ...rows.filter((r) => r.codeId !== row.codeId)]);
        }}
      />
      <ShownOnceDialog
        value={created?.code ?? null}
        title="Code created"
        description={`Give this code to the agents of “${created?.label ?? ''}”. It will not be shown again.`}
        noun="code"
        testId="new-access-code"
        valueClassName="text-center text-lg tracking-wider"
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        subject={disabling}
        title="Disable this code?"
        description={(code) => `“${code.label}” will no longer unlock anything. Agents already elevated keep their access until it ends.`}
        confirmLabel="Disable code"
        onConfirm={(code) => void disable(code)}
        onCancel={() => setDisabling(null)}
      />
    </div>
  );
}

/** Domain refusals that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, string> = { INVALID_GRANT: 'grantsHours', INVALID_EXPIRY: 'expiresAt', INVALID_MAX_USES: 'maxUses' };

function CreateCodeDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (code: string, row: AccessCodeRow) => void }) {
  const [label, setLabel] = useState('');
  const [hours, setHours] = useState('8');
  const [expiresAt, setExpiresAt] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const {
    busy,
    submit: run,
    errorFor,
  } = useFormSubmission(
    (failure) =>
      toast({ title: 'Could not create the code', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' }),
    FIELD_OF_CODE,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const input = {
        label,
        grantsHours: Number(hours),
        expiresAt: orgLocalToInstant(expiresAt) ?? null,
        maxUses: maxUses ? Number(maxUses) : null,
      };
      const answer = await createAccessCode(input);
      onCreated(answer.code, { ...input, label: label.trim(), codeId: answer.codeId, uses: 0, disabled: false, createdAt: new Date().toISOString() });
      setLabel('');
      setHours('8');
      setExpiresAt('');
      setMaxUses('');
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>New access code</DialogTitle>
        <DialogDescription>How long the access it grants lasts, and optionally when the code stops working and how often it may be used.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField
            label="Label"
            name="label"
            placeholder="e.g. November cohort"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={errorFor('label')}
          />
          <FormField
            label="Hours of access"
            name="grantsHours"
            type="number"
            min={1}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            error={errorFor('grantsHours')}
          />
          <FormField
            label={`Code expires (optional) · ${zoneAbbreviation()}`}
            name="expiresAt"
            type="datetime-local"
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
            error={errorFor('expiresAt')}
          />
          <FormField
            label="Maximum uses (optional)"
            name="maxUses"
            type="number"
            min={1}
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
            error={errorFor('maxUses')}
          />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create code'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
