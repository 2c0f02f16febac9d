import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatCents } from '../../lib/money';
import { dollarTicks } from './dollar-ticks';

export type DailyPoint = { day: string; leads: number; spentCents: number };

const shortDay = (day: string) => {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
};

/**
 * Leads or spend per day as bars (recharts; only the pages that draw charts load it). Clicking
 * a day's bar calls onDay, for a drill-down to the leads behind it.
 */
export function DailyChart({
  data,
  measure,
  label,
  onDay,
}: {
  data: DailyPoint[];
  measure: 'leads' | 'spentCents';
  label: string;
  onDay?: (day: string) => void;
}) {
  const total = data.reduce((sum, point) => sum + point[measure], 0);
  const summary = `${label}, last ${data.length} days: ${measure === 'leads' ? `${total} lead${total === 1 ? '' : 's'}` : formatCents(total)} in all.`;
  if (total === 0) {
    // Nothing to draw: say so, rather than an empty axis scaled to nothing ($0.00–$0.04).
    return (
      <p
        className="flex h-56 w-full items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600"
        data-testid="chart-empty"
      >
        {measure === 'leads' ? `No leads in the last ${data.length} days.` : `No spend in the last ${data.length} days.`}
      </p>
    );
  }
  // Spend counts in whole dollars on its axis, however small the amounts.
  const spendTicks = measure === 'spentCents' ? dollarTicks(Math.max(...data.map((point) => point.spentCents))) : undefined;
  return (
    <figure className="h-56 w-full">
      <figcaption className="sr-only">{summary}</figcaption>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={16} />
          <YAxis
            allowDecimals={false}
            {...(spendTicks ? { ticks: spendTicks, domain: [0, spendTicks[spendTicks.length - 1]!] } : {})}
            width={measure === 'leads' ? 32 : 56}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={(value: number) => (measure === 'leads' ? String(value) : formatCents(value).replace(/\.00$/, ''))}
          />
          <Tooltip
            labelFormatter={(day) => shortDay(String(day))}
            formatter={(value) => [measure === 'leads' ? String(value) : formatCents(Number(value)), measure === 'leads' ? 'Leads' : 'Spent']}
          />
          <Bar
            dataKey={measure}
            fill="#0f4c81"
            radius={[3, 3, 0, 0]}
            cursor={onDay ? 'pointer' : undefined}
            isAnimationActive={false}
            onClick={(entry) => onDay?.((entry.payload as DailyPoint).day)}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
