import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { dollarTicks } from '../../../components/charts/dollar-ticks';
import { formatCents } from '../../../lib/money';
import { campaignChartHeight, type Dashboard } from '../dashboard-figures';

type CampaignFigures = Dashboard['byCampaign'][number];

/** Cost per lead by campaign as bars (recharts: loaded only where a chart is drawn); a bar opens its campaign. */
export function CampaignCostChart({ campaigns, onCampaign }: { campaigns: CampaignFigures[]; onCampaign: (campaignId: string) => void }) {
  const costTicks = dollarTicks(Math.max(0, ...campaigns.map((c) => c.costPerLeadCents)));
  return (
    <figure className="mt-2 w-full" style={{ height: campaignChartHeight(campaigns.length) }}>
      <figcaption className="sr-only">{campaigns.map((c) => `${c.name}: ${formatCents(c.costPerLeadCents)} a lead, ${c.leads} leads`).join('; ')}</figcaption>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart layout="vertical" data={campaigns} margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            ticks={costTicks}
            domain={[0, costTicks[costTicks.length - 1]!]}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={(value: number) => formatCents(value).replace(/\.00$/, '')}
          />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip formatter={(value) => [formatCents(Number(value)), 'Cost per lead']} />
          <Bar
            dataKey="costPerLeadCents"
            fill="#0f4c81"
            radius={[0, 3, 3, 0]}
            cursor="pointer"
            isAnimationActive={false}
            onClick={(entry) => onCampaign((entry.payload as CampaignFigures).campaignId)}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
