import { Loading } from '../../../components/ui/loading';
import { formatDateTime } from '../../../lib/format';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchWeekPerformance, type WeekPerformance } from '../api/bonuses';

/** Why the figures are zero, when they are. */
function zeroReason(performance: WeekPerformance): string | null {
  if (performance.hasFigures) return null;
  if (!performance.agentNumber) return 'No agent number is set for you yet: an admin sets it on the Users page.';
  if (!performance.serviceConfigured) return 'The marketplace service is not connected on this server.';
  if (performance.failure) return 'The marketplace service could not be read for this week yet.';
  return `No figures for this week yet: they are read every ${performance.pollMinutes} minutes.`;
}

const Flag = ({ on }: { on: boolean }) => <span className={on ? 'font-semibold text-emerald-700' : 'font-semibold text-slate-700'}>{on ? 'Yes' : 'No'}</span>;

/** The agent's week so far as the marketplace service reports it (polled by the workers; figures zero and flags No when there are none). */
export function WeekPerformanceCard() {
  const { data, loading } = useApiQuery('/api/bonuses/week-performance', fetchWeekPerformance, {
    failure: 'Failed to load week performance',
    reloadOn: ['week-performance'],
  });
  const rows: [string, React.ReactNode][] = data
    ? [
        ['Submitted AV', formatCents(data.figures.submittedCents)],
        ['Issued AV', formatCents(data.figures.issuedCents)],
        ['Base bonus', formatCents(data.figures.baseBonusAmountCents)],
        ['Data leads match limit', formatCents(data.figures.dataLeadsMatchLimitCents)],
        ['LIP deposit made', <Flag key="lip" on={data.figures.madeLipDeposit} />],
        ['Currently engaged', <Flag key="engaged" on={data.figures.currentlyEngaged} />],
      ]
    : [];
  const reason = data ? zeroReason(data) : null;
  return (
    <section aria-labelledby="week-performance-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="week-performance">
      <h2 id="week-performance-title" className="text-lg font-semibold text-brand-900">
        Week Performance
      </h2>
      {loading || !data ? (
        // About the height of the week, the six figures and the note, so the cards below do not move when they come.
        <Loading className="mt-1 min-h-[13.5rem]" />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">Week of {data.week} (Monday to Sunday, New York time)</p>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
                <dd className="text-base text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-slate-600">
            {data.figuresAt ? `Last updated ${formatDateTime(data.figuresAt)}` : reason}
            {data.hasFigures && data.failure && data.failingSince ? ` · the service has not answered since ${formatDateTime(data.failingSince)}` : ''}
          </p>
        </>
      )}
    </section>
  );
}
