import { lazy, Suspense } from 'react';

import { dollarTicks } from '../../../components/charts/dollar-ticks';
import { Loading } from '../../../components/ui/loading';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchInvestmentTracker } from '../api/bonuses';
import { INVESTMENT_SERIES } from '../investment-series';

const InvestmentChart = lazy(() => import('./investment-chart').then((module) => ({ default: module.InvestmentChart })));

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
  const highest = Math.max(0, ...weeks.flatMap((week) => INVESTMENT_SERIES.map((series) => Number(week[series.key]))));
  const ticks = highest > 0 ? dollarTicks(highest) : undefined;
  return (
    <section aria-labelledby="investment-tracker-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="investment-tracker">
      <h2 id="investment-tracker-title" className="text-lg font-semibold text-brand-900">
        Investment Tracker
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your Lead Investment Program, the last 12 weeks (Monday to Sunday, New York time).</p>
      {loading || !data ? (
        // About the height of the totals and the chart's box, so the cards below do not move when they come.
        <Loading className="mt-4 min-h-[16.75rem] sm:min-h-[13.5rem]" />
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
            // The chart's code (recharts) loads once there is something to draw; its box is kept meanwhile.
            <Suspense fallback={<div className="mt-4 h-56 w-full" aria-hidden />}>
              <InvestmentChart weeks={weeks} totals={data.totals} ticks={ticks} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
