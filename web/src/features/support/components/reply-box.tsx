import { useState, type FormEvent } from 'react';

import { MAX_FILES_PER_TICKET } from '../../../../../src/modules/support/contracts/ticket-values';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { addInternalNote, sendReply } from '../api/support';
import { TextAreaField } from './detail-parts';
import { FilePicker } from './file-picker';
import { uploadFiles } from './upload-files';

/** The server takes at most this many files on one reply. */

type Kind = 'reply' | 'note';

/**
 * Writes to a ticket: the agent replies; an admin replies to the agent (asking them something
 * pauses the SLA clocks) or adds an internal note. A reply's files are uploaded once the reply
 * exists. The message's id is kept until it is sent, so sending again after a failure is the same
 * message, not a second one.
 */
export function ReplyBox({ ticketId, asAdmin = false, onSent }: { ticketId: string; asAdmin?: boolean; onSent: () => void }) {
  const [kind, setKind] = useState<Kind>('reply');
  const [body, setBody] = useState('');
  const [asksAgent, setAsksAgent] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const note = kind === 'note';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (note) {
        await addInternalNote(ticketId, { body, noteId: messageId });
        toast({ title: 'Internal note added', description: 'Only admins can read it' });
      } else {
        await sendReply(ticketId, { body, replyId: messageId, ...(asAdmin ? { asksAgent } : {}) });
        await uploadFiles(ticketId, files, messageId);
        toast({ title: 'Reply sent', description: asAdmin ? 'The agent can read it in My Support Tickets' : 'The support team will read it' });
      }
      setBody('');
      setAsksAgent(false);
      setFiles([]);
      setMessageId(crypto.randomUUID());
      onSent();
    } catch (error) {
      toast({
        title: note ? 'Failed to add the internal note' : 'Failed to send the reply',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={cn('space-y-3 rounded-md border p-3', note ? 'border-amber-300 bg-amber-50' : 'border-slate-200')}
      onSubmit={(e) => void send(e)}
      noValidate
    >
      {asAdmin && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">Message type</legend>
          {(['reply', 'note'] as const).map((option) => (
            <label key={option} className="inline-flex items-center gap-2 font-medium text-slate-800">
              <input type="radio" name={`message-kind-${ticketId}`} checked={kind === option} onChange={() => setKind(option)} className="h-4 w-4" />
              {option === 'reply' ? 'Reply to agent' : 'Internal note'}
            </label>
          ))}
        </fieldset>
      )}
      <TextAreaField
        id={`message-body-${ticketId}`}
        label={note ? 'Internal note (agents never see this)' : asAdmin ? 'Reply to the agent' : 'Your reply'}
        value={body}
        onChange={setBody}
        rows={3}
        className="bg-white"
      />
      {!note && asAdmin && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={asksAgent} onChange={(e) => setAsksAgent(e.target.checked)} className="h-4 w-4" />
          Ask the agent (pauses the SLA clocks)
        </label>
      )}
      {!note && <FilePicker id={`message-files-${ticketId}`} label="Attach files to the reply" files={files} onChange={setFiles} max={MAX_FILES_PER_TICKET} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : note ? 'Add internal note' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
