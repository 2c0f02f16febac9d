import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';

type StoredMail = { id: string; to: string; subject: string; text: string; transport: 'outbox' | 'smtp'; createdAt: string };
type Outbox = { transport: 'outbox' | 'smtp'; messages: StoredMail[] };

const LINK = /(https?:\/\/[^\s]+)/g;

/** The mail text with its links clickable; nothing in it is interpreted as HTML. */
function MailText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-700">
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-brand-600 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/**
 * Admin page: the e-mails the portal sent, or kept in its outbox when no SMTP server is
 * configured (the embedded default), so sign-up confirmations and resets can be passed on.
 * Every read is recorded as credential access: the links in them sign people in.
 */
export function OutboxPage() {
  return (
    <AdminOnly>
      <OutboxAdmin />
    </AdminOnly>
  );
}

function OutboxAdmin() {
  const [to, setTo] = useState('');
  const [recipient, setRecipient] = useState('');
  const path = `/api/admin/outbox${recipient ? `?${new URLSearchParams({ to: recipient })}` : ''}`;
  const { data: outbox, reload } = useApiQuery(path, () => api<Outbox>('GET', path), { failure: 'Failed to load the outbox' });

  // Each search reads the outbox again, the same one too (a mail may have arrived).
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (to.trim() === recipient) void reload();
    else setRecipient(to.trim());
  };

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Mail Outbox</h1>
        <p className="mt-1 text-sm text-slate-600">
          {outbox?.transport === 'smtp'
            ? 'The newest e-mails the portal sent through the SMTP server.'
            : 'No SMTP server is configured: e-mails wait here. Pass confirmation and reset links on to the people they are for.'}{' '}
          Each time this page is read, it is recorded as credential access.
        </p>
      </div>
      <form className="flex max-w-lg gap-3" onSubmit={search}>
        <label className="flex-1">
          <span className="sr-only">Recipient</span>
          <input
            type="email"
            placeholder="Filter by recipient e-mail"
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      <ul className="space-y-3" aria-label="E-mails">
        {outbox?.messages.map((mail) => (
          <li key={mail.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <Mail className="h-4 w-4 text-slate-400" aria-hidden />
                {mail.subject}
              </h2>
              <span className="text-xs text-slate-500">{formatDateTime(mail.createdAt)}</span>
            </div>
            <p className="mb-2 text-sm text-slate-500">To {mail.to}</p>
            <MailText text={mail.text} />
          </li>
        ))}
        {outbox && outbox.messages.length === 0 && (
          <li className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">No e-mails yet.</li>
        )}
      </ul>
    </div>
  );
}
