import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { dollarTicks } from '../../../components/charts/dollar-ticks';
import { Loading } from '../../../components/ui/loading';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchInvestmentTracker, type TrackerWeek } from '../api/bonuses';

const shortWeek = (week: string) => {
  const [, month, day] = week.split('-');
  return `${Number(month)}/${Number(day)}`;
};

const SERIES: { key: keyof TrackerWeek; name: string; color: string }[] = [
  { key: 'depositedCents', name: 'Deposited', color: '#0f4c81' },
  { key: 'leadSpendCents', name: 'Lead spend', color: '#64748b' },
  { key: 'matchCents', name: 'Match', color: '#059669' },
  { key: 'lionsShareCents', name: "Lion's Share", color: '#b45309' },
];

/**
 * The agent's Lead Investment Program week by week: what they deposited and spent on leads, and
 * the match and Lion's Share their paid bonus runs gave them, over the last 12 weeks.
 */
export function InvestmentTrackerCard() {
  const { data, loading } = useApiQuery('/api/bonuses/investment-tracker', fetchInvestmentTracker, {
    failure: 'Failed to load the investment tracker',
    reloadOn: ['wallet', 'bonus-statements'],
  });
  const weeks = data?.weeks ?? [];
  const highest = Math.max(0, ...weeks.flatMap((week) => SERIES.map((series) => Number(week[series.key]))));
  const ticks = highest > 0 ? dollarTicks(highest) : undefined;
  return (
    <section aria-labelledby="investment-tracker-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="investment-tracker">
      <h2 id="investment-tracker-title" className="text-lg font-semibold text-brand-900">
        Investment Tracker
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your Lead Investment Program, the last 12 weeks (Monday to Sunday, New York time).</p>
      {loading || !data ? (
        <Loading className="mt-4" />
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
            {[
              ['Deposited', data.totals.depositedCents],
              ['Lead spend', data.totals.leadSpendCents],
              ['Matched', data.totals.matchCents],
              ['Bonuses paid', data.totals.bonusPaidCents],
            ].map(([label, cents]) => (
              <div key={label}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
                <dd className="text-base font-semibold text-slate-900">{formatCents(Number(cents))}</dd>
              </div>
            ))}
          </dl>
          {highest === 0 ? (
            <p className="mt-4 flex h-40 items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600">
              No deposits, lead spend or bonuses in the last 12 weeks.
            </p>
          ) : (
            <figure className="mt-4 h-56 w-full">
              <figcaption className="sr-only">
                Last 12 weeks: deposited {formatCents(data.totals.depositedCents)}, lead spend {formatCents(data.totals.leadSpendCents)}, matched{' '}
                {formatCents(data.totals.matchCents)}, Lion's Share {formatCents(data.totals.lionsShareCents)}.
              </figcaption>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
                  <XAxis dataKey="week" tickFormatter={shortWeek} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={12} />
                  <YAxis
                    width={56}
                    {...(ticks ? { ticks, domain: [0, ticks[ticks.length - 1]!] } : {})}
                    tick={{ fontSize: 12, fill: '#475569' }}
                    tickFormatter={(value: number) => formatCents(value).replace(/\.00$/, '')}
                  />
                  <Tooltip labelFormatter={(week) => `Week of ${String(week)}`} formatter={(value, name) => [formatCents(Number(value)), String(name)]} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  {SERIES.map((series) => (
                    <Bar key={series.key} dataKey={series.key} name={series.name} fill={series.color} radius={[2, 2, 0, 0]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </figure>
          )}
        </>
      )}
    </section>
  );
}
