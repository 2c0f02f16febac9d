import { useEffect, useState, type FormEvent } from 'react';

import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { instantToOrgLocal, orgLocalToInstant, zoneLabel } from '../../../lib/format';
import { useRequestKey } from '../../../lib/use-request-key';
import { createAnnouncement, updateAnnouncement, type Announcement } from '../api/announcements';

type Props = {
  /** The announcement being edited, or null for a new one. */
  readonly editing: Announcement | null;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSaved: () => void;
};

const error = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** Create and edit in one dialog (admins): title and content required, an optional publish time and expiry on the user's clock. */
export function AnnouncementDialog({ editing, open, onOpenChange, onSaved }: Props) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [publishFrom, setPublishFrom] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [saving, setSaving] = useState(false);
  const requestKey = useRequestKey();

  useEffect(() => {
    if (!open) return;
    setTitle(editing?.title ?? '');
    setContent(editing?.content ?? '');
    setPublishFrom(editing?.publishFrom ? instantToOrgLocal(editing.publishFrom) : '');
    setExpiresAt(editing?.expiresAt ? instantToOrgLocal(editing.expiresAt) : '');
  }, [open, editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      toast({ title: 'Validation Error', description: 'Title and content are required', variant: 'destructive' });
      return;
    }
    if (useSession.getState().status !== 'signed-in') {
      error('User not authenticated');
      return;
    }
    const body = {
      title: title.trim(),
      content: content.trim(),
      publishFrom: orgLocalToInstant(publishFrom) ?? null,
      expiresAt: orgLocalToInstant(expiresAt) ?? null,
    };
    setSaving(true);
    try {
      if (editing) await updateAnnouncement(editing.id, body);
      else {
        await createAnnouncement(body, requestKey.keyFor(body));
        requestKey.done();
      }
      toast({ title: 'Success', description: editing ? 'Announcement updated successfully' : 'Announcement created successfully' });
      onSaved();
      onOpenChange(false);
    } catch (failure) {
      requestKey.failed(failure);
      if (failure instanceof ApiRequestError && failure.status === 401) error('User not authenticated');
      else if (failure instanceof ApiRequestError && failure.status === 400) error(failure.fieldErrors[0]?.message ?? failure.message);
      else error('Failed to save announcement');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{editing ? 'Edit Announcement' : 'New Announcement'}</DialogTitle>
        <DialogDescription>Plain text: web and e-mail addresses become links. Every agent sees the five newest.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField label="Title" name="title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          <div>
            <label htmlFor="field-content" className="block text-sm font-medium text-slate-800">
              Content
            </label>
            <textarea
              id="field-content"
              name="content"
              rows={5}
              maxLength={5000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Publish from (optional)"
              name="publishFrom"
              type="datetime-local"
              value={publishFrom}
              onChange={(e) => setPublishFrom(e.target.value)}
            />
            <FormField label="Expires at (optional)" name="expiresAt" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
          </div>
          <p className="text-xs text-slate-600">Times are in {zoneLabel()}. Without a publish time it shows at once; without an expiry, until it is deleted.</p>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : editing ? 'Save' : 'Create'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
