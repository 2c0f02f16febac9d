import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatCents } from '../../../lib/money';
import type { InvestmentTracker } from '../api/bonuses';
import { INVESTMENT_SERIES } from '../investment-series';

const shortWeek = (week: string) => {
  const [, month, day] = week.split('-');
  return `${Number(month)}/${Number(day)}`;
};

/** The Investment Tracker's bars, week by week (recharts: loaded only where a chart is drawn). */
export function InvestmentChart({ weeks, totals, ticks }: InvestmentTracker & { ticks: number[] | undefined }) {
  return (
    <figure className="mt-4 h-56 w-full">
      <figcaption className="sr-only">
        Last 12 weeks: deposited {formatCents(totals.depositedCents)}, lead spend {formatCents(totals.leadSpendCents)}, matched {formatCents(totals.matchCents)}
        , Lion's Share {formatCents(totals.lionsShareCents)}.
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
          {INVESTMENT_SERIES.map((series) => (
            <Bar key={series.key} dataKey={series.key} name={series.name} fill={series.color} radius={[2, 2, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
