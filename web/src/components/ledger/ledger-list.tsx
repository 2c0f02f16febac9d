import type { LedgerEntry } from '../../app/api/wallet';
import { formatDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { ReportProblemButton } from '../report-problem-button';
import { actorLabel, shownAmount, STATUS_LABELS, typeLabel } from './entry-labels';

/** The entry as its row reads, for a help request about it: 'Test credit (testing page), +$25.00, Nov 27, 2026, 4:30 PM EST'. */
const entryLabel = (e: LedgerEntry) => {
  const amount = shownAmount(e);
  return `${e.description}, ${amount.text}${amount.fromReserve ? ' from reserve' : ''}, ${formatDateTime(e.occurredAt)}`;
};

const GRID = 'grid items-center gap-x-3 gap-y-0.5 px-3 sm:px-4';
// With 'Report a problem' the flag takes a last column; on a phone it stands at the right across both lines.
const COLUMNS = `${GRID} grid-cols-[1fr_auto] sm:grid-cols-[13.5rem_1fr_7rem_5.5rem_6.5rem]`;
const COLUMNS_REPORTABLE = `${GRID} grid-cols-[1fr_auto_auto] sm:grid-cols-[13.5rem_1fr_7rem_5.5rem_6.5rem_2rem]`;

/**
 * Ledger entries, newest first, as a table with its column headings (Date, Transaction, Amount,
 * Status, Balance after); each row's Transaction is a button, stretched over the row, that opens
 * the entry's explanation. On a phone the headings stay for screen readers and the cells stack.
 * `reportable` (the agent's own wallet) adds 'Report a problem' to each row.
 */
export function LedgerList({
  entries,
  onExplain,
  showActor = false,
  reportable = false,
}: {
  entries: LedgerEntry[];
  onExplain: (entry: LedgerEntry) => void;
  showActor?: boolean;
  reportable?: boolean;
}) {
  const columns = reportable ? COLUMNS_REPORTABLE : COLUMNS;
  return (
    <div role="table" aria-label="Transaction history" className="rounded-lg border border-slate-200 bg-white" data-testid="ledger-list">
      <div role="rowgroup" className="sr-only sm:not-sr-only">
        <div role="row" className={`${columns} border-b border-slate-200 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600`}>
          <span role="columnheader">Date</span>
          <span role="columnheader">Transaction</span>
          <span role="columnheader" className="text-right">
            Amount
          </span>
          <span role="columnheader">Status</span>
          <span role="columnheader" className="text-right">
            Balance
          </span>
          {reportable && (
            <span role="columnheader">
              <span className="sr-only">Report</span>
            </span>
          )}
        </div>
      </div>
      <div role="rowgroup" className="divide-y divide-slate-200">
        {entries.map((e) => {
          const amount = shownAmount(e);
          return (
            <div role="row" key={e.seq} className={`${columns} relative py-2.5 focus-within:bg-slate-50 hover:bg-slate-50`} data-testid="ledger-row">
              <span role="cell" className="order-3 whitespace-nowrap text-xs text-slate-600 sm:order-none sm:text-sm">
                {formatDateTime(e.occurredAt)}
              </span>
              <span role="cell" className="order-1 min-w-0 sm:order-none">
                <button
                  type="button"
                  onClick={() => onExplain(e)}
                  className="block w-full truncate text-left text-sm font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-700"
                >
                  <span className="sr-only">Entry {e.seq}: </span>
                  {typeLabel(e)}
                  <span className="sr-only">, {formatDateTime(e.occurredAt)}</span>
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
              {reportable && (
                <span role="cell" className="order-2 row-span-2 flex justify-end sm:order-none sm:row-span-1">
                  <ReportProblemButton about={{ kind: 'wallet-entry', id: String(e.seq), label: entryLabel(e) }} />
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
