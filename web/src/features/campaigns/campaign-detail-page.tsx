import { ArrowLeft, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { fetchGroups, type Group } from '../../app/api/groups';
import { fetchLeads } from '../../app/api/leads';
import { DailyChart } from '../../components/charts/daily-chart';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime, zoneLabel } from '../../lib/format';
import { sourceLabel, tierLabel } from '../../lib/lead-sources';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { budgetLeft, fetchCampaign, fetchCampaignActivity, isLowBudget, PASS_OVER_REASONS } from './api/campaigns';
import { CampaignSettingsDialog, hourLabel } from './components/campaign-settings-dialog';
import { CampaignStatus, isOutOfBudget } from './components/campaign-status';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{value}</p>
      {note && <p className="text-xs text-slate-600">{note}</p>}
    </div>
  );
}

function Setting({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A campaign's own page: settings, spend over time, its leads, and "why no leads?". */
export function CampaignDetailPage() {
  const { campaignId = '' } = useParams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const notFound = (refusal: ApiRequestError) => refusal.status === 404 || refusal.status === 400;
  const {
    data,
    error,
    reload: load,
  } = useApiQuery(
    `/api/campaigns/${campaignId}`,
    async () => {
      const [campaign, activity, owned, groups] = await Promise.all([
        fetchCampaign(campaignId),
        fetchCampaignActivity(campaignId),
        fetchLeads({ campaignId }),
        // Only for the name of the group the leads are shared with: without it the page still shows.
        fetchGroups().catch((): Group[] => []),
      ]);
      return { campaign, activity, leads: owned.leads, groups };
    },
    { failure: 'Failed to load the campaign', reloadOn: ['campaigns', 'leads'], expected: notFound },
  );

  if (!data && error instanceof ApiRequestError && notFound(error)) {
    return (
      <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">Campaign not found</h1>
        <p className="mt-2 text-slate-700">There is no campaign with this ID among yours.</p>
        <Button className="mt-4" onClick={() => navigate('/campaigns')}>
          Back to Campaigns
        </Button>
      </div>
    );
  }

  if (!data) return <Loading />;
  const { campaign, activity, leads, groups } = data;
  const left = budgetLeft(campaign);
  const { targeting } = campaign;
  const sharedWith = targeting.roundRobinGroupId ? (groups.find((g) => g.groupId === targeting.roundRobinGroupId)?.name ?? 'A group you deleted') : null;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Campaigns
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-brand-900">{campaign.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {sourceLabel(campaign.source)} · {tierLabel(campaign.source, campaign.tier)} · <span className="font-mono text-xs">{campaign.campaignId}</span>
          </p>
        </div>
        <CampaignStatus campaign={campaign} onChanged={load} />
      </div>

      {/* Budget = spent + left; a return credits the balance, not the budget, so it stands beside them. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label="Budget" value={formatCents(campaign.budgetCents)} />
        <Figure label="Spent" value={formatCents(campaign.budgetUsedCents)} />
        <Figure label="Left" value={formatCents(left)} />
        <Figure label="Returned" value={formatCents(campaign.returnedCents)} note={campaign.returnedCents > 0 ? 'credited to your balance' : undefined} />
        <Figure label="Leads" value={String(campaign.leadCount)} />
      </div>
      {isOutOfBudget(campaign) ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-medium text-amber-800">
          Out of budget: this campaign buys no leads until its budget is raised.
          <Button size="sm" asChild>
            <Link to={`/campaigns?raise=${campaign.campaignId}`}>Raise budget</Link>
          </Button>
        </p>
      ) : (
        campaign.status === 'active' &&
        isLowBudget(campaign) && (
          <p className="text-sm font-medium text-amber-800">Low budget: less than 10% remaining. Raise the budget on the Campaigns page to keep buying.</p>
        )
      )}
      {campaign.statusReason && <p className="text-sm text-amber-800">{campaign.statusReason}</p>}

      <section aria-labelledby="settings-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="settings-heading" className="font-semibold text-slate-900">
            Settings
          </h2>
          {campaign.status !== 'ended' && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Settings className="h-4 w-4" aria-hidden /> Edit settings
            </Button>
          )}
        </div>
        <dl className="mt-2 divide-y divide-slate-100">
          <Setting term="States">{targeting.states.length === 0 ? 'Every state' : targeting.states.join(', ')}</Setting>
          <Setting term="Daily cap">{targeting.dailyCap === null ? 'None' : `${targeting.dailyCap} leads`}</Setting>
          <Setting term="Weekly cap">{targeting.weeklyCap === null ? 'None' : `${targeting.weeklyCap} leads`}</Setting>
          <Setting term="Buying hours">
            {targeting.schedule === null
              ? 'Any day, any time'
              : `${targeting.schedule.days.map((day) => DAY_NAMES[day]).join(', ')}, ${hourLabel(targeting.schedule.fromHour)} to ${hourLabel(targeting.schedule.toHour)}`}
          </Setting>
          <Setting term="Time zone">{zoneLabel(targeting.timeZone)}</Setting>
          <Setting term="Leads go to">{campaign.tier === 'exclusive' ? 'One buyer only (exclusive)' : 'Up to three buyers (shared)'}</Setting>
          <Setting term="Shared with">{sharedWith ? `${sharedWith}, round-robin` : 'Nobody: you keep the leads'}</Setting>
        </dl>
      </section>

      <section aria-labelledby="spend-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="spend-heading" className="font-semibold text-slate-900">
          Spend over the last 30 days
        </h2>
        {activity && (
          <DailyChart
            data={activity.perDay}
            measure="spentCents"
            label="Spend per day"
            onDay={(day) => navigate(`/my-leads?campaignId=${campaign.campaignId}&day=${day}`)}
          />
        )}
      </section>

      <section aria-labelledby="why-heading" className="rounded-lg border border-slate-200 bg-white">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id="why-heading" className="font-semibold text-slate-900">
            Why no leads?
          </h2>
          <p className="text-sm text-slate-600">The latest leads of this campaign&apos;s source and tier, and what became of each.</p>
        </div>
        {!activity || activity.offers.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">
            No leads of this kind have come in since the campaign started.{' '}
            {campaign.status === 'paused'
              ? 'The campaign is paused: switch it on to buy again.'
              : 'Leads arrive as vendors send them; this campaign is offered each one that is its source and tier while it runs.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Latest leads offered">
            {activity.offers.map((offer) => (
              <li key={offer.leadId} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {offer.leadName ?? 'Lead'} {offer.leadState && <span className="text-slate-600">({offer.leadState})</span>}
                  </p>
                  <p className="text-xs text-slate-600">{formatShortDateTime(offer.at)}</p>
                </div>
                {offer.outcome === 'bought' ? (
                  <span className="font-medium text-green-800">Bought for {formatCents(offer.priceCents ?? 0)}</span>
                ) : (
                  <span className="text-slate-800">{offer.reason ? PASS_OVER_REASONS[offer.reason] : 'Not bought'}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="leads-heading" className="rounded-lg border border-slate-200 bg-white">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id="leads-heading" className="font-semibold text-slate-900">
            Its leads
          </h2>
          <Link to={`/my-leads?campaignId=${campaign.campaignId}`} className="text-sm text-brand-700 hover:underline">
            Open in My Leads
          </Link>
        </div>
        {leads.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">This campaign has not bought a lead yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {leads.slice(0, 10).map((lead) => (
              <li key={lead.leadId} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-medium text-slate-900">
                  {lead.firstName} {lead.lastName} <span className="text-slate-600">({lead.state})</span>
                </span>
                <span className="tabular-nums text-slate-700">
                  {formatCents(lead.priceCents)} · {formatShortDateTime(lead.boughtAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CampaignSettingsDialog campaign={campaign} open={editing} onOpenChange={setEditing} onSaved={() => void load()} />
    </div>
  );
}
