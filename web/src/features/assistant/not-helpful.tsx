import { ThumbsDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { markUnhelpful } from './api/assistant';

/** The longest word an agent may add (the server's limit). */
const MAX_NOTE = 500;

/**
 * "Not helpful" under an answer of the agent's conversation: opens a short optional note, then
 * sends it; admins read it beside the passage the answer used. Sent once: the key is kept for the
 * retries of one attempt.
 */
export function NotHelpful({ conversationId, answerSeq }: { conversationId: string; answerSeq: number }) {
  const [state, setState] = useState<'closed' | 'open' | 'sending' | 'sent'>('closed');
  const [note, setNote] = useState('');
  const key = useRef<string>(crypto.randomUUID());
  const noteId = useId();

  if (state === 'sent') {
    return (
      <p role="status" className="mt-2 text-xs text-slate-700">
        Thanks. An admin will read this to improve the answer.
      </p>
    );
  }
  if (state === 'closed') {
    return (
      <Button type="button" variant="ghost" size="sm" className="mt-1 px-2 text-xs" onClick={() => setState('open')}>
        <ThumbsDown className="h-3.5 w-3.5" aria-hidden />
        Not helpful
      </Button>
    );
  }
  const send = async () => {
    setState('sending');
    try {
      await markUnhelpful(conversationId, answerSeq, note, key.current);
      setState('sent');
    } catch (error) {
      setState('open');
      toast({ title: 'Failed to send', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };
  return (
    <form
      className="mt-2 space-y-1 border-t border-slate-300 pt-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={noteId} className="block text-xs font-medium text-slate-800">
        What was wrong? (optional)
      </label>
      <input
        id={noteId}
        value={note}
        maxLength={MAX_NOTE}
        onChange={(event) => setNote(event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={state === 'sending'}>
          Send
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={state === 'sending'} onClick={() => setState('closed')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
