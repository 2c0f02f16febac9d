import { useState } from 'react';

import { fetchLedgerEntry, fetchLedgerPage, statementUrl, type LedgerEntry } from '../../app/api/wallet';
import { useWalletFigures } from '../../app/use-wallet-figures';
import { ExplainEntryDialog } from '../../components/ledger/explain-entry-dialog';
import { LedgerList } from '../../components/ledger/ledger-list';
import { StatementDownload } from '../../components/ledger/statement-download';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { formatCents } from '../../lib/money';
import { useApiPages } from '../../lib/use-api-query';

function Card({ label, cents, testId }: { label: string; cents: number | undefined; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{cents === undefined ? '—' : formatCents(cents)}</p>
    </div>
  );
}

/** /wallet: the agent's Transaction History, 20 newest first with 'Load more', each entry explained; figures and the CSV statement. */
export function WalletPage() {
  const { figures } = useWalletFigures();
  const [explaining, setExplaining] = useState<(() => ReturnType<typeof fetchLedgerEntry>) | null>(null);
  const {
    items: entries = [],
    loading,
    next: nextBefore,
    loadMore,
    loadingMore,
  } = useApiPages(
    '/api/wallet/ledger',
    async (before: number | null) => {
      const page = await fetchLedgerPage(before);
      return { items: page.entries, next: page.nextBefore };
    },
    { failure: 'Failed to load transaction history', reloadOn: ['wallet'], itemKey: (entry: LedgerEntry) => entry.seq },
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Transaction History</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every movement of your wallet, newest first. Open an entry to see why it happened, who did it, and that nothing before it was changed; the flag beside
          it reports a problem with it.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Card label="Available" cents={figures?.availableCents} testId="card-available" />
        <Card label="Reserved" cents={figures?.heldCents} testId="card-held" />
        <Card label="Deposited" cents={figures?.depositedCents} testId="card-deposited" />
        <Card label="Contributed" cents={figures?.contributedCents} testId="card-contributed" />
        {figures && figures.debtCents > 0 && <Card label="Owed (debt)" cents={figures.debtCents} testId="card-debt" />}
        {figures && figures.testCreditCents > 0 && <Card label="Test credit" cents={figures.testCreditCents} testId="card-test-credit" />}
      </div>
      <section aria-labelledby="statement-heading" className="space-y-2">
        <h2 id="statement-heading" className="text-base font-semibold text-slate-900">
          Statement
        </h2>
        <StatementDownload urlFor={statementUrl} />
      </section>
      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-base font-semibold text-slate-900">
          Entries
        </h2>
        {loading ? (
          <Loading className="text-sm" />
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No transactions yet.</p>
        ) : (
          <LedgerList entries={entries} reportable onExplain={(e) => setExplaining(() => () => fetchLedgerEntry(e.seq))} />
        )}
        {nextBefore !== null && (
          <Button variant="outline" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </section>
      <ExplainEntryDialog load={explaining} onClose={() => setExplaining(null)} />
    </div>
  );
}
