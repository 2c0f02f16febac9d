import { formatCents } from '../../../lib/money';
import type { LedgerEntry } from '../api/wallet';
import { actorLabel, formatWhen, STATUS_LABELS, typeLabel } from './entry-labels';

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/**
 * What a row shows as its amount: the change of the available balance; for a lead paid from a
 * campaign's reserved funds (available unchanged, the reserve spent) the amount spent, marked so.
 */
function shownAmount(e: LedgerEntry): { text: string; fromReserve: boolean; tone: string } {
  if (e.amountCents === 0 && e.postedChangeCents !== 0) return { text: signed(e.postedChangeCents), fromReserve: true, tone: 'text-slate-600' };
  return { text: signed(e.amountCents), fromReserve: false, tone: e.amountCents > 0 ? 'text-emerald-700' : 'text-slate-900' };
}

/** Ledger entries, newest first: type, description, amount, status, date and running balance; each opens its explanation. */
export function LedgerList({ entries, onExplain, showActor = false }: { entries: LedgerEntry[]; onExplain: (entry: LedgerEntry) => void; showActor?: boolean }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="ledger-list">
      {entries.map((e) => {
        const amount = shownAmount(e);
        return (
          <li key={e.seq}>
            <button
              type="button"
              onClick={() => onExplain(e)}
              className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50 sm:grid-cols-[11.5rem_1fr_7rem_5.5rem_6.5rem] sm:px-4"
              data-testid="ledger-row"
            >
              <span className="sr-only">Entry {e.seq}: </span>
              <span className="order-3 whitespace-nowrap text-xs text-slate-600 sm:order-none sm:text-sm">{formatWhen(e.occurredAt)}</span>
              <span className="order-1 min-w-0 sm:order-none">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {typeLabel(e)}
                  {e.isTestCredit && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Test</span>}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {e.description}
                  {showActor && ` · by ${actorLabel(e.actor)}`}
                </span>
              </span>
              <span className={`order-2 text-right text-sm font-semibold tabular-nums sm:order-none ${amount.tone}`}>
                {amount.text}
                {amount.fromReserve && <span className="block text-xs font-normal">from reserve</span>}
              </span>
              <span className="order-4 hidden text-sm text-slate-600 sm:order-none sm:block">{STATUS_LABELS[e.status]}</span>
              <span className="order-4 text-right text-xs tabular-nums text-slate-600 sm:order-none sm:text-sm" title="Available balance after this entry">
                <span className="sm:hidden">Balance </span>
                {formatCents(e.availableAfterCents)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
