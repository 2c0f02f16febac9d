import { useEffect, useState, type FormEvent } from 'react';

import { RESOURCE_TABS, type ResourceLinkFields, type ResourceTab } from '../../../../src/modules/resources/contracts/resource-tabs';
import { isLinkAddress } from '../../../../src/modules/training/contracts/training-items';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { ApiRequestError } from '../../lib/api-client';

type Props = {
  open: boolean;
  editing: ResourceLinkFields | null;
  onOpenChange: (open: boolean) => void;
  onSave: (fields: ResourceLinkFields) => Promise<void>;
};

const EMPTY: ResourceLinkFields = { tab: RESOURCE_TABS[0], title: '', description: '', emoji: '🔗', action: 'link', url: '', hidden: false };
const SELECT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base';

/** Adding and editing a card (admins): its tab (a new tab moves it there), text, emoji, what it does, its address, and whether it is hidden. */
export function ResourceDialog({ open, editing, onOpenChange, onSave }: Props) {
  const [fields, setFields] = useState<ResourceLinkFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFields(editing ?? EMPTY);
    setErrors({});
  }, [open, editing]);

  const set = <K extends keyof ResourceLinkFields>(key: K, value: ResourceLinkFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!fields.title.trim()) found.title = 'The title is required';
    if (fields.action === 'link' && !isLinkAddress((fields.url ?? '').trim()))
      found.url = 'The address must start with http://, https:// or / (a page of the portal)';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSave({ ...fields, url: fields.action === 'link' ? (fields.url ?? '').trim() : null });
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.length > 0)
        setErrors(Object.fromEntries(failure.fieldErrors.map((error) => [error.field, error.message])));
      else setErrors({ form: failure instanceof ApiRequestError ? failure.message : 'Failed to save the card' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{editing ? 'Edit card' : 'New card'}</DialogTitle>
        <DialogDescription>Agents see the change on the Resources page at once.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div>
            <label htmlFor="resource-tab" className="block text-sm font-medium text-slate-800">
              Tab
            </label>
            <select id="resource-tab" className={SELECT} value={fields.tab} onChange={(e) => set('tab', e.target.value as ResourceTab)}>
              {RESOURCE_TABS.map((tab) => (
                <option key={tab}>{tab}</option>
              ))}
            </select>
          </div>
          <FormField label="Title" name="title" value={fields.title} maxLength={80} error={errors.title} onChange={(e) => set('title', e.target.value)} />
          <FormField
            label="Description"
            name="description"
            value={fields.description}
            maxLength={200}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Emoji or icon"
              name="emoji"
              value={fields.emoji}
              maxLength={8}
              error={errors.emoji}
              onChange={(e) => set('emoji', e.target.value)}
            />
            <div>
              <label htmlFor="resource-action" className="block text-sm font-medium text-slate-800">
                What it does
              </label>
              <select
                id="resource-action"
                className={SELECT}
                value={fields.action}
                onChange={(e) => set('action', e.target.value as ResourceLinkFields['action'])}
              >
                <option value="link">Opens its address</option>
                <option value="help-request">Opens the help request dialog</option>
              </select>
            </div>
          </div>
          {fields.action === 'link' && (
            <FormField
              label="Address"
              name="url"
              value={fields.url ?? ''}
              placeholder="https://… or /page"
              error={errors.url}
              onChange={(e) => set('url', e.target.value)}
            />
          )}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={fields.hidden} onChange={(e) => set('hidden', e.target.checked)} className="h-4 w-4" /> Hidden from agents
          </label>
          {errors.form && (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
