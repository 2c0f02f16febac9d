import { Download, Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { FinanceOnly } from '../../components/finance-only';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { api } from '../../lib/api-client';
import { formatDateTime, formatTimeOfDay, organisationZone, orgDay, orgZone, zoneLabel } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';

type Status = 'matched' | 'missing_in_ledger' | 'missing_at_provider' | 'amount_differs';
type Totals = { ledgerCents: number; providerCents: number; feesCents: number; counts: Record<Status, number> };
type DaySummary = { day: string; runAt: string; runBy: string; runByEmail: string | null; provider: string; totals: Totals };
type Line = {
  lineNo: number;
  status: Status;
  kind: string;
  reference: string;
  paymentId: string | null;
  email: string | null;
  ledgerCents: number | null;
  providerCents: number | null;
  at: string;
};
type Report = DaySummary & { lines: Line[] };

const STATUS_LABEL: Record<Status, string> = {
  matched: 'Matched',
  missing_in_ledger: 'Missing in the ledger',
  missing_at_provider: 'Missing at the provider',
  amount_differs: 'Amount differs',
};
const STATUS_STYLE: Record<Status, string> = {
  matched: 'bg-emerald-50 text-emerald-800',
  missing_in_ledger: 'bg-red-50 text-red-800',
  missing_at_provider: 'bg-red-50 text-red-800',
  amount_differs: 'bg-amber-50 text-amber-900',
};

const usd = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
/** Today in the organisation's time zone (a finance day is its calendar day): the day the payments just seen are on; the daily job reconciles each day once it is over. */
const today = () => orgDay(new Date(), organisationZone());

/** Finance page: each day's card payments, refunds and disputes matched against the ledger to the cent. */
export function ReconciliationPage() {
  return (
    <FinanceOnly>
      <Reconciliation />
    </FinanceOnly>
  );
}

function Reconciliation() {
  const [report, setReport] = useState<Report | null>(null);
  const [day, setDay] = useState(today);
  const [running, setRunning] = useState(false);

  const { data: days, reload: loadDays } = useApiQuery(
    '/api/finance/reconciliation',
    async () => (await api<{ days: DaySummary[] }>('GET', '/api/finance/reconciliation')).days,
    { failure: 'Failed to load reconciliations' },
  );

  const open = async (which: string) => {
    try {
      setReport(await api<Report>('GET', `/api/finance/reconciliation/${which}`));
    } catch (failure) {
      toast({ title: 'Error', description: failure instanceof Error ? failure.message : 'Failed to load the report', variant: 'destructive' });
    }
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    try {
      const result = await api<Report>('POST', `/api/finance/reconciliation/${day}`);
      setReport(result);
      const problems = result.totals.counts.missing_in_ledger + result.totals.counts.missing_at_provider + result.totals.counts.amount_differs;
      toast({ title: 'Day Reconciled', description: problems === 0 ? `${day}: every line matches.` : `${day}: ${problems} line(s) need attention.` });
      await loadDays();
    } catch (failure) {
      toast({
        title: 'Reconciliation Failed',
        description: failure instanceof Error ? failure.message : 'Unable to reconcile this day. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Reconciliation</h1>
        <p className="mt-1 text-sm text-slate-600">
          The card provider's payments, refunds and disputes of a day matched against the ledger's card postings, to the cent. Each day is reconciled
          automatically the next morning; run a day again after a late correction.
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="reconciliation-zone">
          Days run midnight to midnight in {zoneLabel(organisationZone())}
          {organisationZone() === orgZone() ? ', and times are shown in it.' : `; times are shown in ${zoneLabel()}, your zone.`}
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={run}>
        <label className="text-sm font-medium text-slate-700">
          Day
          <input
            type="date"
            required
            max={today()}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={running}>
          <Scale className="mr-2 h-4 w-4" aria-hidden />
          {running ? 'Reconciling...' : 'Reconcile'}
        </Button>
      </form>

      <section aria-labelledby="days-heading" className="space-y-2">
        <h2 id="days-heading" className="text-lg font-semibold text-slate-900">
          Reconciled days
        </h2>
        {days && days.length === 0 && (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">No day has been reconciled yet.</p>
        )}
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {days?.map((summary) => {
            const problems = summary.totals.counts.missing_in_ledger + summary.totals.counts.missing_at_provider + summary.totals.counts.amount_differs;
            return (
              <li key={summary.day}>
                <button
                  type="button"
                  onClick={() => void open(summary.day)}
                  className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <span className="block font-semibold text-slate-900">{summary.day}</span>
                  <span
                    className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-medium ${problems === 0 ? STATUS_STYLE.matched : STATUS_STYLE.missing_in_ledger}`}
                  >
                    {problems > 0
                      ? `${problems} to check`
                      : summary.totals.counts.matched === 0
                        ? 'No card activity'
                        : `${summary.totals.counts.matched} matched`}
                  </span>
                  <span className="mt-1 block text-xs text-slate-500">
                    Provider {usd(summary.totals.providerCents)} · Ledger {usd(summary.totals.ledgerCents)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      {report && <DayReport report={report} />}
    </div>
  );
}

function DayReport({ report }: { report: Report }) {
  const { totals } = report;
  return (
    <section aria-labelledby="report-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="report-heading" className="text-lg font-semibold text-slate-900">
          {report.day}
        </h2>
        <a
          href={`/api/finance/reconciliation/${report.day}/csv`}
          className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          download
        >
          <Download className="mr-2 h-4 w-4" aria-hidden />
          Export CSV
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label="Provider" value={usd(totals.providerCents)} />
        <Figure label="Ledger" value={usd(totals.ledgerCents)} />
        <Figure label="Difference" value={usd(totals.providerCents - totals.ledgerCents)} />
        <Figure label="Provider fees" value={usd(totals.feesCents)} />
      </dl>
      <p className="text-xs text-slate-500">
        Run {formatDateTime(report.runAt)} by {report.runBy === 'daily-job' ? 'the daily job' : (report.runByEmail ?? 'a finance user')} against the{' '}
        {report.provider === 'demo' ? 'demo card provider' : 'Stripe'} records.
      </p>
      {/* Focusable so the wide table can be scrolled with the keyboard on a phone. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Lines of ${report.day}`}>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Lines of {report.day}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2 pr-3">Time</th>
              <th className="py-2 pr-3">Status</th>
              <th className="py-2 pr-3">Kind</th>
              <th className="py-2 pr-3">Reference</th>
              <th className="py-2 pr-3">Agent</th>
              <th className="py-2 pr-3 text-right">Ledger</th>
              <th className="py-2 text-right">Provider</th>
            </tr>
          </thead>
          <tbody>
            {report.lines.map((line) => (
              <tr key={line.lineNo} className="border-b border-slate-100">
                <td className="py-2 pr-3 whitespace-nowrap">{formatTimeOfDay(line.at)}</td>
                <td className="py-2 pr-3">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[line.status]}`}>{STATUS_LABEL[line.status]}</span>
                </td>
                <td className="py-2 pr-3">{line.kind.replace('_', ' ')}</td>
                <td className="max-w-[12rem] truncate py-2 pr-3 font-mono text-xs" title={line.reference}>
                  {line.reference}
                </td>
                <td className="py-2 pr-3">{line.email ?? '—'}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{usd(line.ledgerCents)}</td>
                <td className="py-2 text-right tabular-nums">{usd(line.providerCents)}</td>
              </tr>
            ))}
            {report.lines.length === 0 && (
              <tr>
                <td colSpan={7} className="py-6 text-center text-slate-500">
                  No card payments, refunds or disputes on this day.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
