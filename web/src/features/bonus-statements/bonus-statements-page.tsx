import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';

import { Loading } from '../../components/ui/loading';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchStatement, fetchStatements, statementDownload, type StatementLine } from './api';

const LINK = 'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-slate-50';

/** A statement's lines grouped by section, each with where its value came from. */
function StatementSections({ lines }: { lines: StatementLine[] }) {
  const sections = [...new Set(lines.map((line) => line.section))];
  return (
    <div className="space-y-5">
      {sections.map((section) => (
        <div key={section}>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{section}</h3>
          <table className="mt-2 w-full text-sm">
            <tbody>
              {lines
                .filter((line) => line.section === section)
                .map((line, index) => (
                  <tr key={`${line.item}-${index}`} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-800">
                      {line.item}
                      <span className="block text-xs text-slate-600 sm:hidden">{line.source}</span>
                    </th>
                    <td className="whitespace-nowrap py-1.5 pr-3 text-right font-semibold text-slate-900">{line.value}</td>
                    <td className="hidden py-1.5 text-slate-600 sm:table-cell">{line.source}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function StatementDetail({ week }: { week: string }) {
  const { data } = useApiQuery(`/api/bonuses/statements/${week}`, () => fetchStatement(week), { failure: 'Failed to load the statement' });
  return (
    <section aria-labelledby="statement-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="statement-title" className="text-lg font-semibold text-brand-900">
            Week of {week}
          </h2>
          {data?.statement.paidAt && <p className="text-sm text-slate-600">Paid into your wallet {formatDateTime(data.statement.paidAt)}</p>}
        </div>
        <div className="flex gap-2">
          <a className={LINK} href={statementDownload(week, 'csv')} download>
            <Download className="h-4 w-4" aria-hidden /> CSV
          </a>
          <a className={LINK} href={statementDownload(week, 'pdf')} download>
            <Download className="h-4 w-4" aria-hidden /> PDF
          </a>
        </div>
      </div>
      <div className="mt-4">{data ? <StatementSections lines={data.lines} /> : <Loading />}</div>
    </section>
  );
}

/** An agent's weekly bonus statements: each paid run's lines, traced to their inputs, and downloads. */
export function BonusStatementsPage() {
  const [params, setParams] = useSearchParams();
  const { data, loading } = useApiQuery('/api/bonuses/statements', fetchStatements, {
    failure: 'Failed to load your bonus statements',
    reloadOn: ['bonus-statements'],
  });
  const statements = data?.statements ?? [];
  const chosen = params.get('week') ?? statements[0]?.week ?? null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Bonus Statements</h1>
        <p className="mt-1 text-sm text-slate-600">Your weekly Lion&apos;s Share and match, paid into your wallet once each week&apos;s run is approved.</p>
      </div>
      {loading ? (
        <Loading />
      ) : statements.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No bonus statements yet. Each week&apos;s statement appears here once its run is paid.
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <nav aria-label="Statements by week">
            <ul className="space-y-2">
              {statements.map((statement) => (
                <li key={statement.week}>
                  <button
                    type="button"
                    aria-current={statement.week === chosen ? 'true' : undefined}
                    onClick={() => setParams({ week: statement.week })}
                    className={cn(
                      'w-full rounded-md border px-3 py-2 text-left text-sm',
                      statement.week === chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
                    )}
                  >
                    <span className="block font-medium text-slate-900">Week of {statement.week}</span>
                    <span className="block text-slate-700">{formatCents(statement.totalCents)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {chosen && <StatementDetail key={chosen} week={chosen} />}
        </div>
      )}
    </div>
  );
}
