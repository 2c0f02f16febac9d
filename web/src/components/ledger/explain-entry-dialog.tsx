import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';

import type { ExplainedEntry } from '../../app/api/wallet';
import { formatDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { actorLabel, causeLabel, typeLabel } from './entry-labels';

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/** "Explain this entry": why the money moved, who, when, the balances before and after, and the hash chain checked up to it. */
export function ExplainEntryDialog({ load, onClose }: { load: (() => Promise<ExplainedEntry>) | null; onClose: () => void }) {
  const [explained, setExplained] = useState<ExplainedEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setExplained(null);
    setError(null);
    if (!load) return;
    let live = true;
    load().then(
      (e) => live && setExplained(e),
      (e: unknown) => live && setError(e instanceof Error ? e.message : 'Failed to load this entry'),
    );
    return () => {
      live = false;
    };
  }, [load]);
  const e = explained?.entry;
  return (
    <Dialog open={load !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid="explain-entry">
        <DialogTitle className="text-lg font-semibold text-brand-900">Explain this entry</DialogTitle>
        <DialogDescription className="text-sm text-slate-600">
          {e ? `#${e.seq} · ${typeLabel(e)} · ${e.description}` : error ? 'This entry could not be loaded.' : 'Loading…'}
        </DialogDescription>
        {error && <p className="text-sm text-red-700">{error}</p>}
        {explained && e && (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5">
              <dt className="text-slate-500">Amount</dt>
              <dd className="font-semibold tabular-nums">
                {signed(e.amountCents)}
                {e.isTestCredit && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Test credit</span>}
              </dd>
              <dt className="text-slate-500">Cause</dt>
              <dd className="break-all">{causeLabel(e.cause)}</dd>
              <dt className="text-slate-500">By</dt>
              <dd className="break-all">{actorLabel(e.actor)}</dd>
              <dt className="text-slate-500">When</dt>
              <dd>{formatDateTime(e.occurredAt)}</dd>
            </dl>
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">Balances before and after this entry</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
                  <th scope="col" className="py-1 font-medium"></th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    ['Available', 'availableCents'],
                    ['Reserved (holds)', 'heldCents'],
                    ['Posted', 'postedCents'],
                  ] as const
                ).map(([label, key]) => (
                  <tr key={key} className="border-b border-slate-100">
                    <th scope="row" className="py-1 font-normal text-slate-600">
                      {label}
                    </th>
                    <td className="py-1 text-right">{formatCents(explained.before[key])}</td>
                    <td className="py-1 text-right">{formatCents(explained.after[key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="space-y-1">
              <p className="text-xs font-medium uppercase text-slate-500">Hash chain</p>
              <p className="break-all font-mono text-xs text-slate-700">Previous: {e.prevHash || '(first entry)'}</p>
              <p className="break-all font-mono text-xs text-slate-700">This entry: {e.hash}</p>
              {explained.chain.verified ? (
                <p className="flex items-center gap-1.5 font-medium text-emerald-700" data-testid="chain-verified">
                  <CheckCircle2 className="h-4 w-4" aria-hidden /> Chain verified: entries 1 to {explained.chain.throughSeq} are unchanged.
                </p>
              ) : (
                <p className="flex items-center gap-1.5 font-medium text-red-700" data-testid="chain-broken">
                  <XCircle className="h-4 w-4" aria-hidden /> Chain broken at entry {explained.chain.firstBreak?.seq}: {explained.chain.firstBreak?.message}
                </p>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
