import { Lock } from 'lucide-react';

import { cn } from '../../../lib/cn';
import { formatShortDateTime } from '../../../lib/format';
import type { TicketMessage } from '../api/support';
import { TicketFiles } from './ticket-files';

const DOWNLOAD_FAILURE = { title: 'Download failed', fallback: 'Failed to download file' };

const STYLE = {
  agent: 'border-slate-200 bg-white',
  admin: 'border-blue-200 bg-blue-50',
  note: 'border-amber-300 bg-amber-50',
};

/** What kind of message it is, beside its author (who already says whether they are the support team). */
function kindLabel(message: TicketMessage, forAgent: boolean): string | null {
  if (message.kind === 'note') return 'Internal note — agents never see this';
  if (forAgent) return message.side === 'admin' && message.asksAgent ? 'Asks for your reply' : null;
  if (message.side === 'agent') return 'Agent';
  return message.asksAgent ? 'Reply to the agent, asking them' : 'Reply to the agent';
}

/** One message: author, time, kind, its text as written (plain text, never HTML) and its files. */
function Message({ ticketId, message, forAgent }: { ticketId: string; message: TicketMessage; forAgent: boolean }) {
  const style = message.kind === 'note' ? STYLE.note : STYLE[message.side];
  const kind = kindLabel(message, forAgent);
  return (
    <li
      className={cn('rounded-md border p-3', style, message.side === 'admin' && message.kind === 'reply' && 'sm:ml-8', message.side === 'agent' && 'sm:mr-8')}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-slate-900">{message.authorName}</span>
        {kind && (
          <span className={cn('inline-flex items-center gap-1 text-xs font-medium', message.kind === 'note' ? 'text-amber-900' : 'text-slate-700')}>
            {message.kind === 'note' && <Lock className="h-3 w-3" aria-hidden />}
            {kind}
          </span>
        )}
        <time dateTime={message.createdAt} className="ml-auto text-xs text-slate-600">
          {formatShortDateTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{message.body}</p>
      {message.files.length > 0 && (
        <div className="mt-2">
          <TicketFiles ticketId={ticketId} files={message.files} failure={DOWNLOAD_FAILURE} label={`Files of the message from ${message.authorName}`} />
        </div>
      )}
    </li>
  );
}

/** A ticket's conversation, oldest first; `forAgent`: as the agent reads it (their own replies signed 'You' by the server). */
export function MessageThread({ ticketId, messages, forAgent = false }: { ticketId: string; messages: TicketMessage[]; forAgent?: boolean }) {
  if (messages.length === 0) return <p className="text-sm text-slate-600">No messages yet.</p>;
  return (
    <ol className="space-y-2" aria-label="Messages" data-testid="ticket-thread">
      {messages.map((message) => (
        <Message key={message.messageId} ticketId={ticketId} message={message} forAgent={forAgent} />
      ))}
    </ol>
  );
}
