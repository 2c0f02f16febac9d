import { useState } from 'react';

import { HELP_REQUESTS_TOPIC } from '../../../../../src/modules/support/contracts/support-streams';
import { TICKET_STATUSES } from '../../../../../src/modules/support/contracts/ticket-values';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatShortDateTime } from '../../../lib/format';
import { changeTicketStatus, saveAdminNotes, type HelpRequest } from '../api/support';
import { AssigneeField } from './assignee-field';
import { ConversationSection } from './conversation-section';
import { ConcernAndFiles, DetailSection, TextAreaField } from './detail-parts';
import { ReferencedItemSection } from './referenced-item';
import { optionsOf, SelectField } from './select-field';
import { SlaClocks } from './sla-clock-label';
import { PriorityBadge } from './ticket-badges';
import { TicketTimeline } from './ticket-timeline';

const DOWNLOAD_FAILURE = { title: 'Download failed', fallback: 'Failed to download file' };
const REALTIME = [HELP_REQUESTS_TOPIC];
const failed = (title: string, error: unknown) => toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });

/** An admin's view of one help request: its facts, status, assignee, SLA clocks, the item it is about, conversation, timeline and admin notes. */
export function HelpRequestDetailsDialog({ request, onClose, onChanged }: { request: HelpRequest; onClose: () => void; onChanged: () => void }) {
  const [status, setStatus] = useState<string>(request.status);
  const [comment, setComment] = useState('');
  const [notes, setNotes] = useState(request.adminNotes);
  // The notes as the server last had them: what an edit starts from.
  const [savedNotes, setSavedNotes] = useState(request.adminNotes);
  const [busy, setBusy] = useState(false);
  // Counts the changes saved here: the timeline loads again after each.
  const [version, setVersion] = useState(0);
  const changed = () => {
    setVersion((n) => n + 1);
    onChanged();
  };

  const updateStatus = async (next: string) => {
    setBusy(true);
    try {
      const answer = await changeTicketStatus(request.ticketId, next, comment);
      setStatus(answer.status);
      // The comment joins the notes shown; unsaved edits stay as typed (saving them then says the notes changed meanwhile).
      if (notes === savedNotes) {
        setNotes(answer.adminNotes);
        setSavedNotes(answer.adminNotes);
      }
      setComment('');
      toast({ title: 'Status updated', description: `Request marked as ${answer.status}` });
      changed();
    } catch (error) {
      failed('Failed to update status', error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await saveAdminNotes(request.ticketId, notes, savedNotes);
      setSavedNotes(notes);
      toast({ title: 'Notes saved', description: 'Admin notes updated successfully' });
      changed();
    } catch (error) {
      failed('Failed to update notes', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Help Request Details</DialogTitle>
        <DialogDescription>
          {request.userName ?? request.userEmail} {request.userName && request.userEmail ? `(${request.userEmail})` : ''} · submitted{' '}
          {formatShortDateTime(request.createdAt)}
        </DialogDescription>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">System/Program</dt>
          <dd>{request.systemProgram}</dd>
          <dt className="font-medium text-slate-700">Priority</dt>
          <dd>
            <PriorityBadge priority={request.priority} />
          </dd>
        </dl>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField id="request-status" label="Status" value={status} onChange={(next) => void updateStatus(next)} options={optionsOf(TICKET_STATUSES)} />
          <AssigneeField request={request} onAssigned={changed} />
          <div className="sm:col-span-2">
            <TextAreaField
              id="request-comment"
              label="Status Update Comment (optional)"
              value={comment}
              onChange={setComment}
              rows={2}
              placeholder="Added to the admin notes with the new status"
            />
          </div>
        </div>
        <DetailSection id="ticket-sla" title="SLA (business hours)">
          <SlaClocks sla={request.sla} />
          {request.waitingOnAgent && <p className="text-sm text-slate-700">Waiting on the agent’s answer: the clocks are paused.</p>}
        </DetailSection>
        <ConcernAndFiles ticket={request} concernTitle="Concern" downloadFailure={DOWNLOAD_FAILURE} />
        {request.reference && (
          <ReferencedItemSection
            ticketId={request.ticketId}
            reference={request.reference}
            reloadOn={REALTIME}
            askedAt={request.createdAt}
            onActionTaken={() => setVersion((n) => n + 1)}
          />
        )}
        <ConversationSection ticketId={request.ticketId} asAdmin reloadOn={REALTIME} onSent={changed} />
        <TicketTimeline ticketId={request.ticketId} version={version} reloadOn={REALTIME} />
        <TextAreaField
          id="request-notes"
          label="Admin Notes (the agent sees these)"
          hint="Shown to the agent under 'Admin Updates & Notes'. Keep anything private in an internal note above."
          value={notes}
          onChange={setNotes}
          rows={6}
          className="font-mono text-sm"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="button" onClick={() => void save()} disabled={busy}>
            Save Notes
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
