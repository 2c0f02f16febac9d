import { X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { MIN_CONCERN_LENGTH, PRIORITIES, SYSTEM_PROGRAMS } from '../../../../../src/modules/support/contracts/ticket-values';
import { useHelpRequestDialog } from '../../../app/help-request-dialog-store';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useRequestKey } from '../../../lib/use-request-key';
import { submitTicket } from '../api/support';
import { TextAreaField } from './detail-parts';
import { FilePicker } from './file-picker';
import { optionsOf, SelectField } from './select-field';
import { uploadFiles } from './upload-files';

const failed = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

type FieldErrors = Partial<Record<'systemProgram' | 'priority' | 'concern', string>>;

/** What is wrong with each field, marked on the field itself (the toast says it too). */
function fieldErrors(systemProgram: string, priority: string, concern: string): FieldErrors {
  return {
    ...(systemProgram ? {} : { systemProgram: 'Choose the system or program this is about' }),
    ...(priority ? {} : { priority: 'Choose a priority' }),
    ...(!concern.trim()
      ? { concern: 'Describe the problem' }
      : concern.trim().length < MIN_CONCERN_LENGTH
        ? { concern: 'Please provide more detail (at least 20 characters)' }
        : {}),
  };
}

/**
 * Submit Help Request (spec): system/program, priority, a comment of 20+ characters and attachments of 10MB at most;
 * opened from 'Report a problem', it is about that wallet entry, lead or delivery until the agent removes it.
 */
export function HelpRequestDialog() {
  const open = useHelpRequestDialog((s) => s.open);
  const about = useHelpRequestDialog((s) => s.about);
  const draft = useHelpRequestDialog((s) => s.draft);
  const forget = useHelpRequestDialog((s) => s.forget);
  const close = useHelpRequestDialog((s) => s.close);
  const signedIn = useSession((s) => s.status === 'signed-in');
  const [systemProgram, setSystemProgram] = useState('');
  const [priority, setPriority] = useState('');
  const [concern, setConcern] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const requestKey = useRequestKey();
  const navigate = useNavigate();
  const edited =
    <T,>(field: keyof FieldErrors, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  useEffect(() => {
    if (open && draft) setConcern((current) => current || draft);
  }, [open, draft]);

  const reset = () => {
    setSystemProgram('');
    setPriority('');
    setConcern('');
    setFiles([]);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) return failed('Error', 'You must be logged in to submit a help request');
    const found = fieldErrors(systemProgram, priority, concern);
    setErrors(found);
    if (!systemProgram || !priority || !concern.trim()) return failed('Missing required fields', 'Please fill in all required fields');
    if (found.concern) return failed('Comment too short', 'Please provide more detail (at least 20 characters)');
    setBusy(true);
    try {
      const input = { systemProgram, priority, concern, ...(about ? { reference: { kind: about.kind, id: about.id } } : {}) };
      const { ticketId } = await submitTicket(input, requestKey.keyFor(input));
      await uploadFiles(ticketId, files);
      requestKey.done();
      toast({
        title: 'Help request submitted',
        description: `Your request about ${systemProgram} (${priority} priority) has been sent to the support team`,
        action: { label: 'View it in My Tickets', onSelect: () => void navigate(`/my-tickets?ticket=${ticketId}`) },
      });
      reset();
      close();
    } catch (error) {
      requestKey.failed(error);
      failed('Submission failed', error instanceof Error && error.message ? error.message : 'Failed to submit help request');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>Submit Help Request</DialogTitle>
        <DialogDescription>Tell the support team what went wrong. We reply in My Support Tickets.</DialogDescription>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          {about && (
            <div className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="help-request-about">
              <p className="min-w-0 flex-1 break-words text-slate-800">
                <span className="font-medium text-slate-900">About:</span> {about.label}
              </p>
              <button
                type="button"
                onClick={forget}
                disabled={busy}
                aria-label="Remove the item this request is about"
                title="Not about this item"
                className="-m-1 shrink-0 rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
          )}
          <SelectField
            id="help-system"
            label="System / Program"
            value={systemProgram}
            onChange={edited('systemProgram', setSystemProgram)}
            error={errors.systemProgram}
            options={optionsOf(SYSTEM_PROGRAMS)}
            placeholder="Select a system or program"
          />
          <SelectField
            id="help-priority"
            label="Priority"
            value={priority}
            onChange={edited('priority', setPriority)}
            error={errors.priority}
            options={optionsOf(PRIORITIES)}
            placeholder="Select a priority"
          />
          <TextAreaField
            id="help-concern"
            label="Comment / Concern"
            value={concern}
            onChange={edited('concern', setConcern)}
            error={errors.concern}
            rows={5}
            placeholder="Describe the problem (at least 20 characters)"
          />
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Issues about money for leads <strong>MUST</strong> attach receipts showing the name, date and amount.
          </p>
          <FilePicker id="help-files" label="Attachments" files={files} onChange={setFiles} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
