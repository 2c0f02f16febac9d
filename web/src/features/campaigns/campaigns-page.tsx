import { AlertTriangle, Pause, Play, Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useWalletFigures } from '../../app/use-wallet-figures';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { sourceLabel, SOURCES, tierLabel } from '../../lib/lead-sources';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import {
  budgetLeft,
  changeBudget,
  endCampaign,
  fetchCampaigns,
  isLowBudget,
  pauseAllCampaigns,
  remainingShare,
  setCampaignActive,
  type Campaign,
} from './api/campaigns';
import { BuyLeadsDialog } from './components/buy-leads-dialog';
import { CampaignStatus, isOutOfBudget } from './components/campaign-status';

const running = (campaign: Campaign) => campaign.status === 'active';

function Figure({ label, cents }: { label: string; cents: number | undefined }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{cents === undefined ? '—' : formatCents(cents)}</p>
    </div>
  );
}

/** /campaigns (spec: title, balance figures, search, filters, Pause All, top campaigns, the list with switches and low-budget warnings, Buy Leads). */
export function CampaignsPage() {
  const { figures } = useWalletFigures();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [tier, setTier] = useState('');
  const [buying, setBuying] = useState(false);
  const [confirmPauseAll, setConfirmPauseAll] = useState<true | null>(null);
  const [ending, setEnding] = useState<Campaign | null>(null);
  const [budgetOf, setBudgetOf] = useState<Campaign | null>(null);
  const [budgetChange, setBudgetChange] = useState('');
  const shares = useRef(new Map<string, number>());

  const {
    data: campaigns = [],
    loading,
    reload: load,
  } = useApiQuery(
    '/api/campaigns',
    async () => {
      const next = await fetchCampaigns();
      // 'Campaign low budget' when an update takes a running campaign from at least 10 % left to under 10 %.
      for (const campaign of next) {
        const before = shares.current.get(campaign.campaignId);
        const now = remainingShare(campaign);
        if (before !== undefined && before >= 0.1 && now < 0.1 && running(campaign)) {
          toast({ title: 'Campaign low budget', description: `${campaign.name} has less than 10% of its budget left.`, variant: 'destructive' });
        }
        shares.current.set(campaign.campaignId, now);
      }
      return next;
    },
    { failure: 'Failed to load campaigns', reloadOn: ['campaigns'] },
  );

  // /campaigns?buy=1 (Buy Leads in the sidebar and on the dashboard) opens the dialog; ?raise=<id>
  // (a campaign page's Raise budget) that campaign's budget editor once it has loaded.
  const [params, setParams] = useSearchParams();
  const raise = params.get('raise');
  useEffect(() => {
    if (params.get('buy') === null) return;
    setBuying(true);
    setParams({}, { replace: true });
  }, [params, setParams]);
  useEffect(() => {
    const campaign = raise ? campaigns.find((c) => c.campaignId === raise) : undefined;
    if (!campaign) return;
    setBudgetOf(campaign);
    setBudgetChange('');
    setParams({}, { replace: true });
  }, [raise, campaigns, setParams]);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return campaigns.filter(
      (c) =>
        (!term || c.name.toLowerCase().includes(term) || c.campaignId.toLowerCase().startsWith(term)) &&
        (!status || (status === 'active' ? c.status === 'active' : status === 'paused' ? c.status === 'paused' : c.status === status)) &&
        (!source || c.source === source) &&
        (!tier || c.tier === tier),
    );
  }, [campaigns, search, status, source, tier]);
  const top = useMemo(
    () =>
      [...campaigns]
        .filter((c) => c.leadCount > 0)
        .sort((a, b) => b.leadCount - a.leadCount)
        .slice(0, 5),
    [campaigns],
  );
  const anyRunning = campaigns.some(running);
  const paused = campaigns.filter((c) => c.status === 'paused');

  const pauseAll = async () => {
    setConfirmPauseAll(null);
    try {
      const { paused } = await pauseAllCampaigns();
      toast({ title: 'Campaigns Paused', description: `${paused} campaign${paused === 1 ? '' : 's'} paused.` });
    } catch {
      toast({ title: 'Error', description: 'Failed to update campaign status', variant: 'destructive' });
    }
    await load();
  };
  const resumeAll = async () => {
    const results = await Promise.allSettled(paused.map((c) => setCampaignActive(c.campaignId, true)));
    const resumed = results.filter((r) => r.status === 'fulfilled').length;
    toast(
      resumed === paused.length
        ? { title: 'Campaigns Resumed', description: `${resumed} campaign${resumed === 1 ? '' : 's'} running again.` }
        : { title: 'Error', description: `${paused.length - resumed} of ${paused.length} campaigns could not be resumed.`, variant: 'destructive' },
    );
    await load();
  };
  const end = async (campaign: Campaign) => {
    setEnding(null);
    try {
      await endCampaign(campaign.campaignId);
      toast({ title: 'Campaign Ended', description: `${campaign.name}: what was left of its budget is back in your balance.` });
    } catch (error) {
      toast({
        title: 'Operation Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
    await load();
  };
  const applyBudget = async (direction: 1 | -1) => {
    const campaign = budgetOf;
    if (!campaign) return;
    if (!/^\d+$/.test(budgetChange.trim()) || Number(budgetChange) < 1) {
      toast({ title: 'Invalid Input', description: 'Enter whole dollars, at least $1.', variant: 'destructive' });
      return;
    }
    // As Buy Leads does: a raise the balance cannot cover is refused here, instead of being
    // requested and then refused by the wallet out of sight.
    const raiseCents = Number(budgetChange) * 100;
    if (direction > 0 && figures && raiseCents > figures.availableCents) {
      toast({
        title: 'Insufficient Balance',
        description: `Insufficient balance. You need ${formatCents(raiseCents - figures.availableCents)} more to complete this purchase.`,
        variant: 'destructive',
      });
      return;
    }
    try {
      const { status } = await changeBudget(campaign.campaignId, direction * Number(budgetChange) * 100);
      const title = { raised: 'Budget Raised', lowered: 'Budget Lowered', 'raise requested': 'Budget Raise Requested' }[status];
      toast({
        title,
        description: status === 'raise requested' ? `${campaign.name}: your balance is being reserved; the campaign shows when it is.` : campaign.name,
      });
      setBudgetOf(null);
      setBudgetChange('');
    } catch (error) {
      toast({
        title: 'Operation Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
    await load();
  };

  const tierOptions = SOURCES.find((s) => s.value === source)?.tiers ?? [];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Campaigns</h1>
          <p className="mt-1 text-sm text-slate-600">Campaigns buy incoming leads within their budgets, reserved from your balance.</p>
        </div>
        <Button onClick={() => setBuying(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Buy Leads
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Balance">
        <Figure label="Balance" cents={figures?.availableCents} />
        <Figure label="Reserved for campaigns" cents={figures?.heldCents} />
        <Figure label="Contributed" cents={figures?.contributedCents} />
      </div>

      <section aria-labelledby="top-campaigns" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="top-campaigns" className="font-semibold text-slate-900">
          Top performing campaigns
        </h2>
        {top.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No leads bought yet.</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {top.map((c) => (
              <li key={c.campaignId} className="flex justify-between gap-3">
                <span className="truncate">{c.name}</span>
                <span className="tabular-nums text-slate-700">
                  {c.leadCount} lead{c.leadCount === 1 ? '' : 's'} · {formatCents(c.spentCents)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <label htmlFor="campaign-search" className="sr-only">
            Search campaigns by name or ID
          </label>
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" aria-hidden />
          <input
            id="campaign-search"
            type="search"
            placeholder="Search by name or ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="block w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-base"
          />
        </div>
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
          <option value="funding">Starting</option>
          <option value="ended">Ended</option>
          <option value="unfunded">Not funded</option>
        </select>
        <select
          aria-label="Source"
          value={source}
          onChange={(e) => (setSource(e.target.value), setTier(''))}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">All sources</option>
          {SOURCES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Tier"
          value={tier}
          disabled={!source}
          onChange={(e) => setTier(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base disabled:bg-slate-100"
        >
          <option value="">All tiers</option>
          {tierOptions.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        {/* Offered for what can be done: pause what runs, or resume what was paused. */}
        {anyRunning ? (
          <Button variant="outline" onClick={() => setConfirmPauseAll(true)}>
            <Pause className="h-4 w-4" aria-hidden /> Pause All
          </Button>
        ) : paused.length > 0 ? (
          <Button variant="outline" onClick={() => void resumeAll()}>
            <Play className="h-4 w-4" aria-hidden /> Resume All
          </Button>
        ) : null}
      </div>

      {loading ? (
        <Loading />
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          {campaigns.length === 0 ? 'No campaigns yet. Buy Leads to start one.' : 'No campaigns match.'}
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Campaigns">
          {shown.map((c) => {
            const left = budgetLeft(c);
            const live = c.status === 'active' || c.status === 'paused';
            return (
              <li key={c.campaignId} data-testid="campaign" className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link to={`/campaigns/${c.campaignId}`} className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                      {c.name}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {sourceLabel(c.source)} · {tierLabel(c.source, c.tier)} · <span className="font-mono text-xs">{c.campaignId.slice(0, 8)}</span>
                    </p>
                  </div>
                  <CampaignStatus campaign={c} onChanged={load} />
                </div>
                <div className="mt-3 text-sm text-slate-700">
                  <p className="tabular-nums">
                    {formatCents(c.budgetUsedCents)} of {formatCents(c.budgetCents)} spent
                    {c.returnedCents > 0 ? ` · ${formatCents(c.returnedCents)} back from returns` : ''} · {formatCents(left)} left · {c.leadCount} lead
                    {c.leadCount === 1 ? '' : 's'}
                  </p>
                  <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                    <div className="h-full bg-brand-700" style={{ width: `${Math.min(100, (c.budgetUsedCents / Math.max(1, c.budgetCents)) * 100)}%` }} />
                  </div>
                  {isOutOfBudget(c) ? (
                    <p role="alert" className="mt-2 flex items-center gap-2 text-amber-800">
                      <AlertTriangle className="h-4 w-4" aria-hidden /> Out of budget: it buys no leads until you raise the budget.
                    </p>
                  ) : (
                    c.status === 'active' &&
                    isLowBudget(c) && (
                      <p role="alert" className="mt-2 flex items-center gap-2 text-amber-800">
                        <AlertTriangle className="h-4 w-4" aria-hidden /> Low budget: less than 10% remaining.
                      </p>
                    )
                  )}
                  {c.statusReason && c.status !== 'ended' && (
                    <p className={`mt-2 ${c.status === 'unfunded' ? 'text-red-800' : 'text-amber-800'}`}>{c.statusReason}</p>
                  )}
                </div>
                {live && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" variant={isOutOfBudget(c) ? 'default' : 'outline'} onClick={() => (setBudgetOf(c), setBudgetChange(''))}>
                      {/* Several campaigns share a page: each button names its own for screen readers. */}
                      {isOutOfBudget(c) ? 'Raise budget' : 'Change budget'}
                      <span className="sr-only"> of {c.name}</span>
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setEnding(c)}>
                      End campaign<span className="sr-only"> {c.name}</span>
                    </Button>
                  </div>
                )}
                {budgetOf?.campaignId === c.campaignId && (
                  <div className="mt-3 flex flex-wrap items-end gap-2">
                    <div>
                      <label htmlFor={`budget-${c.campaignId}`} className="block text-sm font-medium text-slate-800">
                        Amount (whole dollars)
                      </label>
                      <input
                        id={`budget-${c.campaignId}`}
                        type="number"
                        min={1}
                        step={1}
                        value={budgetChange}
                        onChange={(e) => setBudgetChange(e.target.value)}
                        className="mt-1 w-36 rounded-md border border-slate-300 px-3 py-1.5 text-base"
                      />
                    </div>
                    <Button size="sm" onClick={() => void applyBudget(1)}>
                      Raise
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => void applyBudget(-1)}>
                      Lower
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setBudgetOf(null)}>
                      Cancel
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <BuyLeadsDialog open={buying} onOpenChange={(open) => (setBuying(open), open || void load())} availableCents={figures?.availableCents ?? null} />
      <ConfirmDialog
        subject={confirmPauseAll}
        title="Pause all campaigns?"
        description={() => 'Every running campaign stops buying leads until you switch it back on.'}
        confirmLabel="Pause All"
        onConfirm={() => void pauseAll()}
        onCancel={() => setConfirmPauseAll(null)}
      />
      <ConfirmDialog
        subject={ending}
        title="End this campaign?"
        description={(c) => `${c.name} stops for good, and what is left of its budget returns to your balance.`}
        confirmLabel="End campaign"
        onConfirm={(c) => void end(c)}
        onCancel={() => setEnding(null)}
      />
    </div>
  );
}
