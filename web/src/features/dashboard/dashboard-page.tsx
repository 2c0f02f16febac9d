import { ArrowRight, Megaphone, Plug, ShoppingCart, Target, UsersRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { fetchInvitationsToMe } from '../../app/api/groups';
import { useSession } from '../../app/session-store';
import { api } from '../../lib/api-client';
import { zoneLabel } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { campaignChartHeight, type Dashboard } from './dashboard-figures';

// The charts' code (recharts, the largest library here) loads beside the figures, not before the page: each chart keeps its box meanwhile.
const DailyChart = lazy(() => import('../../components/charts/daily-chart').then((module) => ({ default: module.DailyChart })));
const CampaignCostChart = lazy(() => import('./components/campaign-cost-chart').then((module) => ({ default: module.CampaignCostChart })));

/** What a daily chart's box holds until the figures and the chart's code are in (its height: the chart's, or the no-data note's). */
const ChartBox = () => <div className="h-56 w-full" aria-hidden />;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /dashboard (spec): the lead figures, Lead Management, quick actions, and charts with drill-down to the leads behind them. */
export function DashboardPage() {
  const navigate = useNavigate();
  const { data } = useApiQuery('/api/dashboard', () => api<Dashboard>('GET', '/api/dashboard'), {
    failure: 'Failed to load the dashboard',
    reloadOn: ['leads'],
  });
  // Invitations to other agents' groups wait on /groups; the Groups action says how many.
  const { data: invitations = [] } = useApiQuery('/api/groups/invitations', fetchInvitationsToMe, {
    failure: 'Failed to load your group invitations',
    reloadOn: ['groups'],
  });

  // Lead Management (/leads) is for work accounts; everyone else is offered what they can do here: buy leads.
  const workAccount = useSession((s) => s.user?.isMicrosoftUser ?? false);
  const lead = workAccount
    ? { to: '/leads', title: 'Lead Management', text: 'The Data Leads and Aged Leads sites, the Lead Investment Program and the bonus formula.', Icon: Target }
    : {
        to: '/campaigns?buy=1',
        title: 'Buy Leads',
        text: 'Start a campaign that buys incoming leads within its budget, or buy a package of aged leads.',
        Icon: ShoppingCart,
      };
  const openLeads = () => navigate(lead.to);
  const withCampaigns = (data?.byCampaign ?? []).filter((c) => c.leads > 0);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your leads at a glance. Click a day or a campaign in a chart to see the leads behind it. Days run midnight to midnight, {zoneLabel()}.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Total Leads" value={data ? String(data.totalLeads) : '—'} />
        <Stat label="This Week" value={data ? String(data.thisWeek) : '—'} hint="The last 7 days" />
        <Stat label="Avg Cost/Lead" value={data ? formatCents(data.avgCostCents) : '—'} />
        <Stat label="Assigned" value={data ? String(data.assigned) : '—'} hint="Given to members of your groups" />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div
          role="link"
          tabIndex={0}
          onClick={openLeads}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              openLeads();
            }
          }}
          className="cursor-pointer rounded-lg border border-slate-200 bg-white p-4 outline-none hover:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <lead.Icon className="h-6 w-6 text-brand-700" aria-hidden />
          <h2 className="mt-2 font-semibold text-slate-900">{lead.title}</h2>
          <p className="mt-1 text-sm text-slate-700">{lead.text}</p>
          <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
            Open <ArrowRight className="h-4 w-4" aria-hidden />
          </span>
        </div>
        <Card id="quick-actions" title="Quick actions">
          <ul className="mt-3 space-y-2 text-sm">
            {[
              { to: '/campaigns?buy=1', label: 'Buy Leads', icon: ShoppingCart },
              { to: '/campaigns', label: 'Campaigns', icon: Megaphone },
              { to: '/integrations', label: 'Integrations', icon: Plug },
              { to: '/groups', label: 'Groups', icon: UsersRound },
            ].map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 font-medium text-slate-800 hover:border-brand-500 hover:text-brand-700"
                >
                  <Icon className="h-4 w-4" aria-hidden /> {label}
                  {to === '/groups' && invitations.length > 0 && (
                    <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      {invitations.length === 1 ? '1 invitation' : `${invitations.length} invitations`}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Card id="returns-heading" title="Return rate">
          <p className="mt-3 text-3xl font-bold tabular-nums text-slate-900">{data ? `${(data.returns.rate * 100).toFixed(1)}%` : '—'}</p>
          <p className="mt-1 min-h-5 text-sm text-slate-700">
            {data
              ? `${data.returns.approved} of ${data.totalLeads} lead${data.totalLeads === 1 ? '' : 's'} returned and credited; ${data.returns.requested} return${data.returns.requested === 1 ? '' : 's'} asked for.`
              : ''}
          </p>
          <Link to="/my-leads" className="mt-2 inline-block text-sm text-brand-700 hover:underline">
            See your leads
          </Link>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="leads-per-day" title="Leads per day (last 30 days)">
          <Suspense fallback={<ChartBox />}>
            {data ? <DailyChart data={data.perDay} measure="leads" label="Leads per day" onDay={(day) => navigate(`/my-leads?day=${day}`)} /> : <ChartBox />}
          </Suspense>
        </Card>
        <Card id="spend-per-day" title="Spend per day (last 30 days)">
          <Suspense fallback={<ChartBox />}>
            {data ? (
              <DailyChart data={data.perDay} measure="spentCents" label="Spend per day" onDay={(day) => navigate(`/my-leads?day=${day}`)} />
            ) : (
              <ChartBox />
            )}
          </Suspense>
        </Card>
      </div>

      <Card id="cost-by-campaign" title="Cost per lead by campaign">
        {withCampaigns.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No campaign has bought a lead yet.</p>
        ) : (
          <Suspense fallback={<div className="mt-2 w-full" style={{ height: campaignChartHeight(withCampaigns.length) }} aria-hidden />}>
            <CampaignCostChart campaigns={withCampaigns} onCampaign={(campaignId) => navigate(`/campaigns/${campaignId}`)} />
          </Suspense>
        )}
      </Card>
    </div>
  );
}
