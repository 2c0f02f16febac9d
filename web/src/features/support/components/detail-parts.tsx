import type { ReactNode, TextareaHTMLAttributes } from 'react';

import { cn } from '../../../lib/cn';
import type { Ticket, TicketReference } from '../api/support';
import { TicketFiles } from './ticket-files';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  /** A line under the label saying who reads what is written (read out with the box). */
  hint?: string;
  /** What is wrong with the text, shown under it and read out with it. */
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled text box: the concern, the status comment, the admin notes. */
export function TextAreaField({ id, label, hint, error, value, onChange, className, ...textarea }: TextAreaFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn('mt-1 block w-full rounded-md border px-3 py-2 text-base', error ? 'border-red-600' : 'border-slate-300', className)}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled part of a ticket's details (its concern, files, notes). */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A ticket's concern as written and its files with their downloads (both dialogs show them). */
export function ConcernAndFiles({
  ticket,
  concernTitle,
  downloadFailure,
}: {
  ticket: Ticket;
  concernTitle: string;
  downloadFailure: { title: string; fallback: string };
}) {
  return (
    <>
      <DetailSection id="ticket-concern" title={concernTitle}>
        <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm">{ticket.concern}</p>
      </DetailSection>
      <DetailSection id="ticket-files" title="Attached Files">
        <TicketFiles ticketId={ticket.ticketId} files={ticket.files} failure={downloadFailure} />
      </DetailSection>
    </>
  );
}

/** What a request opened from 'Report a problem' is about, as the item read then: 'About: Test credit (testing page), +$25.00, …'. */
export function TicketAbout({ reference, className }: { reference: TicketReference; className?: string }) {
  return (
    <p className={cn('break-words text-sm text-slate-700', className)} data-testid="ticket-about">
      <span className="font-medium text-slate-900">About:</span> {reference.label}
    </p>
  );
}
