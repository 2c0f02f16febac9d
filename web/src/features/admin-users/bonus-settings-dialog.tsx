import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useFormSubmission } from '../../lib/use-form-submission';
import { BLUE_REPORT_TRACKS, COMMISSION_ROLES, saveBonusSettings, type AdminUser, type BonusSettings } from './api/users';

const SELECT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid]:border-red-500';
const EMPTY: BonusSettings = { agentNumber: null, commissionRole: null, programStartDate: null, blueReportTrack: null };

/** An admin sets an agent's number (the marketplace service knows them by it), commission role, program start and blue-report track. */
export function BonusSettingsDialog({
  user,
  settings,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  settings: BonusSettings | null;
  onClose: () => void;
  onSaved: (email: string) => void;
}) {
  const [form, setForm] = useState<BonusSettings>(EMPTY);
  useEffect(() => setForm(settings ?? EMPTY), [user, settings]);
  const { busy, submit, errorFor } = useFormSubmission((failure) =>
    toast({
      title: 'Could not save the bonus settings',
      description: failure instanceof Error ? failure.message : 'Please try again.',
      variant: 'destructive',
    }),
  );
  const set =
    <K extends keyof BonusSettings>(key: K) =>
    (value: string) =>
      setForm((current) => ({ ...current, [key]: value === '' ? null : value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    void submit(async () => {
      await saveBonusSettings(user.id, form);
      onSaved(user.email);
    });
  };

  const select = (name: keyof BonusSettings, label: string, options: readonly string[], none: string) => (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={`field-${name}`}
        name={name}
        className={SELECT}
        value={form[name] ?? ''}
        onChange={(e) => set(name)(e.target.value)}
        aria-invalid={errorFor(name) ? true : undefined}
      >
        <option value="">{none}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {errorFor(name) && <p className="mt-1 text-sm text-red-600">{errorFor(name)}</p>}
    </div>
  );

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>Bonus settings</DialogTitle>
        <DialogDescription>
          {user?.displayName ?? user?.email}: the agent number the marketplace service knows them by, and what the weekly bonus rules read. Each change is
          recorded with your name.
        </DialogDescription>
        <form className="space-y-4" onSubmit={save} noValidate>
          <FormField
            label="Agent number"
            name="agentNumber"
            autoComplete="off"
            value={form.agentNumber ?? ''}
            onChange={(e) => set('agentNumber')(e.target.value)}
            error={errorFor('agentNumber')}
          />
          {select('commissionRole', 'Commission role', COMMISSION_ROLES, 'Not set')}
          <FormField
            label="Program start date"
            name="programStartDate"
            type="date"
            value={form.programStartDate ?? ''}
            onChange={(e) => set('programStartDate')(e.target.value)}
            error={errorFor('programStartDate')}
          />
          {select('blueReportTrack', 'Blue report track (newbies’ first 13 weeks)', BLUE_REPORT_TRACKS, 'None')}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
