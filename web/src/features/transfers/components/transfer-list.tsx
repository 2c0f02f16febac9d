import { formatShortDateTime } from '../../../lib/format';
import { formatCents } from '../../../lib/money';
import type { TransferItem } from '../api/transfers';

/** One side of the transfer history: Sent (to whom) or Received (from whom). */
export function TransferList({
  title,
  items,
  direction,
  loading,
  emptyText,
}: {
  title: string;
  items: readonly TransferItem[];
  direction: 'sent' | 'received';
  loading: boolean;
  emptyText: string;
}) {
  const headingId = `transfers-${direction}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white" data-testid={`transfers-${direction}`}>
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {loading ? (
        <p className="px-4 py-6 text-sm text-slate-500">Loading...</p>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.transferId} className="flex items-start justify-between gap-4 px-4 py-3">
              <div className="min-w-0">
                <p className="break-all text-sm font-medium text-slate-900">
                  {direction === 'sent' ? 'To ' : 'From '}
                  {item.counterpartyEmail}
                </p>
                {item.description && <p className="break-words text-sm text-slate-600">{item.description}</p>}
                <p className="text-xs text-slate-600">{formatShortDateTime(item.occurredAt || null)}</p>
              </div>
              <p className={direction === 'sent' ? 'shrink-0 text-sm font-semibold text-slate-900' : 'shrink-0 text-sm font-semibold text-green-700'}>
                {formatCents(direction === 'sent' ? -item.amountCents : item.amountCents, { sign: 'always' })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
