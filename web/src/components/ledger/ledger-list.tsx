import type { LedgerEntry } from '../../app/api/wallet';
import { formatCents } from '../../lib/money';
import { actorLabel, formatWhen, STATUS_LABELS, typeLabel } from './entry-labels';

const signed = (cents: number) => formatCents(cents, { sign: 'always' });

/**
 * What a row shows as its amount: the change of the available balance; for a lead paid from a
 * campaign's reserved funds (available unchanged, the reserve spent) the amount spent, marked so.
 */
function shownAmount(e: LedgerEntry): { text: string; fromReserve: boolean; tone: string } {
  if (e.amountCents === 0 && e.postedChangeCents !== 0) return { text: signed(e.postedChangeCents), fromReserve: true, tone: 'text-slate-600' };
  return { text: signed(e.amountCents), fromReserve: false, tone: e.amountCents > 0 ? 'text-emerald-700' : 'text-slate-900' };
}

const COLUMNS = 'grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 px-3 sm:grid-cols-[11.5rem_1fr_7rem_5.5rem_6.5rem] sm:px-4';

/**
 * Ledger entries, newest first, as a table with its column headings (Date, Transaction, Amount,
 * Status, Balance after); each row's Transaction is a button, stretched over the row, that opens
 * the entry's explanation. On a phone the headings stay for screen readers and the cells stack.
 */
export function LedgerList({
  entries,
  onExplain,
  showActor = false,
}: {
  entries: LedgerEntry[];
  onExplain: (entry: LedgerEntry) => void;
  showActor?: boolean;
}) {
  return (
    <div role="table" aria-label="Transaction history" className="rounded-lg border border-slate-200 bg-white" data-testid="ledger-list">
      <div role="rowgroup" className="sr-only sm:not-sr-only">
        <div role="row" className={`${COLUMNS} border-b border-slate-200 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600`}>
          <span role="columnheader">Date</span>
          <span role="columnheader">Transaction</span>
          <span role="columnheader" className="text-right">
            Amount
          </span>
          <span role="columnheader">Status</span>
          <span role="columnheader" className="text-right">
            Balance
          </span>
        </div>
      </div>
      <div role="rowgroup" className="divide-y divide-slate-200">
        {entries.map((e) => {
          const amount = shownAmount(e);
          return (
            <div role="row" key={e.seq} className={`${COLUMNS} relative py-2.5 focus-within:bg-slate-50 hover:bg-slate-50`} data-testid="ledger-row">
              <span role="cell" className="order-3 whitespace-nowrap text-xs text-slate-600 sm:order-none sm:text-sm">
                {formatWhen(e.occurredAt)}
              </span>
              <span role="cell" className="order-1 min-w-0 sm:order-none">
                <button
                  type="button"
                  onClick={() => onExplain(e)}
                  className="block w-full truncate text-left text-sm font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-700"
                >
                  <span className="sr-only">Entry {e.seq}: </span>
                  {typeLabel(e)}
                  <span className="sr-only">, {formatWhen(e.occurredAt)}</span>
                </button>
                {e.isTestCredit && <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Test</span>}
                <span className="block truncate text-xs text-slate-600">
                  {e.description}
                  {showActor && ` · by ${actorLabel(e.actor)}`}
                </span>
              </span>
              <span role="cell" className={`order-2 text-right text-sm font-semibold tabular-nums sm:order-none ${amount.tone}`}>
                {amount.text}
                {amount.fromReserve && <span className="block text-xs font-normal">from reserve</span>}
              </span>
              <span role="cell" className="order-4 hidden text-sm text-slate-600 sm:order-none sm:block">
                {STATUS_LABELS[e.status]}
              </span>
              <span
                role="cell"
                className="order-4 text-right text-xs tabular-nums text-slate-600 sm:order-none sm:text-sm"
                title="Available balance after this entry"
              >
                <span className="sm:hidden">Balance </span>
                {formatCents(e.availableAfterCents)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
