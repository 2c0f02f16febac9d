import { ArrowLeft, CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import type { ChainCheck, ExplainedEntry, LedgerEntry } from '../../app/api/wallet';
import { useSession } from '../../app/session-store';
import { FinanceOnly } from '../../components/finance-only';
import { ExplainEntryDialog } from '../../components/ledger/explain-entry-dialog';
import { LedgerList } from '../../components/ledger/ledger-list';
import { StatementDownload } from '../../components/ledger/statement-download';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { formatDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchFinanceLedger, fetchFinanceVerify, financeStatementUrl } from './api/finance';
import { RefundDialog, type RefundableTopUp } from './components/refund-dialog';

/** /finance/wallets/:userId: one agent's full history (actor, time, cause, before/after), the hash-chain check and a CSV statement. */
export function FinanceWalletPage() {
  return (
    <FinanceOnly>
      <FinanceWallet />
    </FinanceOnly>
  );
}

/** The chain check as it stands for one entry: verified through it, or broken at or before it. */
function chainFor(entry: LedgerEntry, check: ChainCheck): ChainCheck {
  if (check.firstBreak && check.firstBreak.seq <= entry.seq) return { ...check, verified: false };
  return { verified: check.throughSeq >= entry.seq, throughSeq: entry.seq, checkedEntries: entry.seq, firstBreak: null };
}

function FinanceWallet() {
  const { userId = '' } = useParams();
  const [explaining, setExplaining] = useState<(() => Promise<ExplainedEntry>) | null>(null);
  const [refunding, setRefunding] = useState<RefundableTopUp | null>(null);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const { data: ledger, reload: reloadLedger } = useApiQuery(`/api/finance/wallets/${userId}/ledger`, () => fetchFinanceLedger(userId), {
    failure: 'Failed to load transaction history',
  });
  const { data: check, reload: reloadCheck } = useApiQuery(`/api/finance/wallets/${userId}/verify`, () => fetchFinanceVerify(userId), {
    failure: 'Failed to check the hash chain',
  });
  const load = () => void Promise.all([reloadLedger(), reloadCheck()]);
  const topUps = ledger?.topUps ?? [];

  const explain = (e: LedgerEntry) => {
    const explained: ExplainedEntry = {
      entry: e,
      before: {
        postedCents: e.postedAfterCents - e.postedChangeCents,
        heldCents: e.heldAfterCents - e.heldChangeCents,
        availableCents: e.availableAfterCents - e.amountCents,
      },
      after: { postedCents: e.postedAfterCents, heldCents: e.heldAfterCents, availableCents: e.availableAfterCents },
      chain: check
        ? chainFor(e, check)
        : { verified: false, throughSeq: 0, checkedEntries: 0, firstBreak: { seq: e.seq, reason: 'unknown', message: 'The chain has not been checked yet.' } },
    };
    setExplaining(() => () => Promise.resolve(explained));
  };

  const who = ledger ? (ledger.user.displayName ? `${ledger.user.displayName} (${ledger.user.email})` : ledger.user.email) : '';
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/finance/wallets" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> All wallets
      </Link>
      <div>
        <h1 className="break-all text-2xl font-bold text-brand-900">Wallet of {who || '…'}</h1>
        {ledger && (
          <p className="mt-1 text-sm text-slate-600 tabular-nums">
            Available {formatCents(ledger.summary.availableCents)} · Held {formatCents(ledger.summary.heldCents)} · Deposited{' '}
            {formatCents(ledger.summary.depositedCents)} · Contributed {formatCents(ledger.summary.contributedCents)} · Debt{' '}
            {formatCents(ledger.summary.debtCents)}
          </p>
        )}
      </div>
      {check &&
        (check.verified ? (
          <p className="flex items-center gap-2 rounded-md bg-emerald-50 p-3 text-sm font-medium text-emerald-800" data-testid="finance-chain-verified">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Hash chain verified from the stored events: {check.checkedEntries} entries, none changed.
          </p>
        ) : (
          <p className="flex items-center gap-2 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="finance-chain-broken">
            <XCircle className="h-4 w-4" aria-hidden /> Hash chain broken at entry {check.firstBreak?.seq}: {check.firstBreak?.message}
          </p>
        ))}
      <section aria-labelledby="statement-heading" className="space-y-2">
        <h2 id="statement-heading" className="text-base font-semibold text-slate-900">
          Statement
        </h2>
        <StatementDownload urlFor={financeStatementUrl(userId)} />
      </section>
      {isAdmin && topUps.length > 0 && (
        <section aria-labelledby="top-ups-heading" className="space-y-2">
          <h2 id="top-ups-heading" className="text-base font-semibold text-slate-900">
            Card top-ups
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {topUps.map((topUp) => (
              <li key={topUp.paymentId} className="space-y-1 px-4 py-2 text-sm" data-testid="card-top-up">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="tabular-nums">
                    {formatCents(topUp.amountCents)} · {formatDateTime(topUp.occurredAt)} ·{' '}
                    <span className="font-mono text-xs text-slate-500">{topUp.paymentId}</span>
                  </span>
                  {topUp.refundableCents > 0 ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Refund ${formatCents(topUp.amountCents)} top-up of ${formatDateTime(topUp.occurredAt)}`}
                      onClick={() => setRefunding(topUp)}
                    >
                      Refund
                    </Button>
                  ) : (
                    <span className="text-xs font-medium text-slate-600">{topUp.refunds.length > 0 ? 'Fully refunded' : 'Nothing left to refund'}</span>
                  )}
                </div>
                {(topUp.refunds.length > 0 || topUp.disputedCents > 0) && (
                  <ul className="space-y-0.5 pl-4 text-xs text-slate-700 tabular-nums">
                    {topUp.refunds.map((refund) => (
                      <li key={refund.refundId}>
                        Refunded {formatCents(refund.amountCents)} · {formatDateTime(refund.occurredAt)}
                      </li>
                    ))}
                    {topUp.disputedCents > 0 && <li>Disputed {formatCents(topUp.disputedCents)}</li>}
                    <li className="font-medium">Still refundable {formatCents(topUp.refundableCents)}</li>
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-base font-semibold text-slate-900">
          History
        </h2>
        {!ledger ? (
          <Loading className="text-sm" />
        ) : ledger.entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No transactions yet.</p>
        ) : (
          <LedgerList entries={ledger.entries} onExplain={explain} showActor />
        )}
        {ledger?.truncated && (
          <p className="text-sm text-slate-600">Only the newest {ledger.entries.length} entries are shown; download a statement for the rest.</p>
        )}
      </section>
      <ExplainEntryDialog load={explaining} onClose={() => setExplaining(null)} />
      <RefundDialog userId={userId} topUp={refunding} onClose={() => setRefunding(null)} onRefunded={load} />
    </div>
  );
}
