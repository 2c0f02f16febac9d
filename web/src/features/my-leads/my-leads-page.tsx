import { Download, Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import {
  assignLead,
  fetchAssignedToMe,
  fetchAssignees,
  fetchLeads,
  fetchReturnReasons,
  fetchReturns,
  leadQuery,
  type AssignedLead,
  type LeadFilters,
  type LeadReturn,
  type OwnedLead,
} from '../../app/api/leads';
import { ReportProblemButton } from '../../components/report-problem-button';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime, formatShortDateTime, zoneName } from '../../lib/format';
import { LEAD_SOURCES, sourceLabel, tierLabel } from '../../lib/lead-sources';
import { formatCents } from '../../lib/money';
import { formatPhone } from '../../lib/phone';
import { useApiPages, useApiQuery, type ApiPage } from '../../lib/use-api-query';
import { LeadDeliveriesDialog } from './components/lead-deliveries-dialog';
import { ReturnLeadDialog } from './components/return-lead-dialog';

const FILTER_NAMES = ['search', 'source', 'state', 'campaignId', 'day'] as const;
const DAY_MS = 86_400_000;

/** The lead as its row reads, for a help request about it: 'Lead Ada Lovelace (NH), bought for $25.00 on Nov 27, 2026, 4:30 PM EST'. */
const leadLabel = (lead: OwnedLead) =>
  `Lead ${lead.firstName} ${lead.lastName} (${lead.state}), bought for ${formatCents(lead.priceCents)} on ${formatDateTime(lead.boughtAt)}`;

/** A page of leads; the first also carries the agent's returns and the leads given to them. */
type LeadsPage = ApiPage<OwnedLead, string> & { returns?: Map<string, LeadReturn>; assignedToMe?: AssignedLead[] };

function ReturnStatus({ item }: { item: LeadReturn }) {
  if (item.status === 'pending') return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Return pending</span>;
  if (item.status === 'approved')
    return (
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Returned, {formatCents(item.priceCents)} credited</span>
    );
  return (
    <span className="text-xs text-slate-700">
      <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">Return denied</span> {item.denyReason}
    </span>
  );
}

/** My Leads: every lead the agent bought, newest first, with search, filters, CSV export, returns, and new arrivals announced. */
export function MyLeadsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<LeadFilters>(() => Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])), [params]);
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const [returning, setReturning] = useState<OwnedLead | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<{ leadId: string; name: string } | null>(null);
  /** The newest lead shown for these filters: a new one on top is announced. */
  const newest = useRef<{ query: string; leadId: string | null } | null>(null);
  const query = leadQuery(filters);
  const {
    data,
    items: leads = [],
    loading,
    next,
    loadMore: more,
    reload: load,
  } = useApiPages(
    `/api/leads${query}`,
    async (cursor: string | null): Promise<LeadsPage> => {
      if (cursor) {
        const page = await fetchLeads(filters, cursor);
        return { items: page.leads, next: page.next };
      }
      const [page, mine, given] = await Promise.all([fetchLeads(filters), fetchReturns(), fetchAssignedToMe()]);
      const first = page.leads[0];
      if (first && newest.current?.query === query && first.leadId !== newest.current.leadId) {
        toast({
          title: 'New lead',
          description: `${first.firstName} ${first.lastName} (${first.state})${first.campaignName ? ` from ${first.campaignName}` : ''}`,
        });
      }
      newest.current = { query, leadId: first?.leadId ?? null };
      return { items: page.leads, next: page.next, returns: new Map(mine.map((r) => [r.leadId, r])), assignedToMe: given };
    },
    { failure: 'Failed to load leads', reloadOn: ['leads'], itemKey: (lead: OwnedLead) => lead.leadId },
  );
  const returns = data?.returns ?? new Map<string, LeadReturn>();
  const assignedToMe = data?.assignedToMe ?? [];
  const { data: reasons = { reasons: [], windowDays: 7 } } = useApiQuery('/api/leads/return-reasons', fetchReturnReasons, {
    failure: 'Failed to load the return reasons',
  });
  const { data: assignees = [] } = useApiQuery('/api/leads/assignees', fetchAssignees, { failure: 'Failed to load your group members' });

  const assign = async (lead: OwnedLead, assigneeId: string) => {
    try {
      await assignLead(lead.leadId, assigneeId || null);
      const who = assignees.find((a) => a.userId === assigneeId);
      toast({
        title: assigneeId ? 'Lead Assigned' : 'Lead Unassigned',
        description: `${lead.firstName} ${lead.lastName}${who ? ` → ${who.name ?? who.email}` : ''}`,
      });
    } catch (error) {
      toast({
        title: 'Operation Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
    await load();
  };

  const setFilter = (name: (typeof FILTER_NAMES)[number], value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  const returnable = (lead: OwnedLead) =>
    lead.campaignId !== null && !returns.has(lead.leadId) && Date.now() - Date.parse(lead.boughtAt) <= reasons.windowDays * DAY_MS;
  const narrowed = filters.campaignId || filters.day;

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">My Leads</h1>
          <p className="mt-1 text-sm text-slate-600">Every lead you bought, newest first. Campaign leads can be returned within {reasons.windowDays} days.</p>
        </div>
        <Button asChild variant="outline">
          <a href={`/api/leads/export.csv${leadQuery({ ...filters, day: undefined })}`} download>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </Button>
      </div>

      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter('search', searchText.trim());
        }}
      >
        <div className="relative min-w-56 flex-1">
          <label htmlFor="lead-search" className="sr-only">
            Search by name, phone or email
          </label>
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" aria-hidden />
          <input
            id="lead-search"
            type="search"
            placeholder="Search by name, phone or email"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="block w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-base"
          />
        </div>
        <select
          aria-label="Source"
          value={filters.source}
          onChange={(e) => setFilter('source', e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <input
          aria-label="State"
          placeholder="State"
          maxLength={2}
          value={filters.state}
          onChange={(e) => setFilter('state', e.target.value.toUpperCase().replace(/[^A-Z]/g, ''))}
          className="w-24 rounded-md border border-slate-300 px-3 py-2 text-base uppercase"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {narrowed && (
        <p className="text-sm text-slate-700">
          Showing {filters.campaignId ? 'one campaign’s leads' : 'leads'}
          {filters.day ? ` bought on ${filters.day} (${zoneName()})` : ''}.{' '}
          <button type="button" className="text-brand-700 underline" onClick={() => (setFilter('campaignId', ''), setFilter('day', ''))}>
            Show all leads
          </button>
        </p>
      )}

      {loading ? (
        <Loading />
      ) : leads.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          {Object.values(filters).some(Boolean) ? 'No leads match.' : 'No leads yet. Start a campaign or buy an aged-lead package on the Campaigns page.'}
          {!Object.values(filters).some(Boolean) && (
            <div className="mt-3">
              <Link to="/campaigns" className="font-medium text-brand-700 underline">
                Go to Campaigns
              </Link>
            </div>
          )}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Leads">
          {leads.map((lead) => {
            const returned = returns.get(lead.leadId);
            return (
              <li
                key={lead.leadId}
                data-testid="lead"
                className="grid gap-2 px-4 py-3 text-sm md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_12rem] md:items-center"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {lead.firstName} {lead.lastName}
                  </p>
                  <p className="text-slate-700">
                    {lead.state} {lead.zip}
                    {lead.age !== null ? ` · age ${lead.age}` : lead.dateOfBirth ? ` · born ${lead.dateOfBirth}` : ''}
                  </p>
                </div>
                <div className="min-w-0 break-all text-slate-800">
                  <a href={`tel:${lead.phone}`} className="text-brand-700 hover:underline">
                    {formatPhone(lead.phone)}
                  </a>
                  {lead.email && <p className="break-all">{lead.email}</p>}
                </div>
                <div className="min-w-0 text-slate-700">
                  <p>
                    {sourceLabel(lead.source)} · {tierLabel(lead.source, lead.tier)}
                  </p>
                  {lead.campaignId ? (
                    <Link to={`/campaigns/${lead.campaignId}`} className="break-words text-brand-700 hover:underline">
                      {lead.campaignName ?? 'Campaign'}
                    </Link>
                  ) : (
                    <p>Aged-lead package</p>
                  )}
                </div>
                <div className="tabular-nums text-slate-700">
                  <p className="font-medium text-slate-900">{formatCents(lead.priceCents)}</p>
                  <p className="text-xs">{formatShortDateTime(lead.boughtAt)}</p>
                </div>
                <div className="space-y-2 md:text-right">
                  {/* A returned lead is not worked any more: no assigning it (the server refuses too). */}
                  {returned?.status !== 'approved' && (assignees.length > 0 || lead.assigneeId) && (
                    <select
                      aria-label={`Assign ${lead.firstName} ${lead.lastName} to`}
                      value={lead.assigneeId ?? ''}
                      onChange={(e) => void assign(lead, e.target.value)}
                      className="w-full max-w-48 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      <option value="">Not assigned</option>
                      {lead.assigneeId && !assignees.some((a) => a.userId === lead.assigneeId) && <option value={lead.assigneeId}>{lead.assigneeEmail}</option>}
                      {assignees.map((a) => (
                        <option key={a.userId} value={a.userId}>
                          {a.name ?? a.email}
                        </option>
                      ))}
                    </select>
                  )}
                  <div className="flex flex-wrap items-center gap-2 md:justify-end">
                    <Button size="sm" variant="outline" onClick={() => setDeliveriesOf({ leadId: lead.leadId, name: `${lead.firstName} ${lead.lastName}` })}>
                      Sent to
                      <span className="sr-only">
                        {' '}
                        (where {lead.firstName} {lead.lastName} went)
                      </span>
                    </Button>
                    {returned ? (
                      <ReturnStatus item={returned} />
                    ) : returnable(lead) ? (
                      <Button size="sm" variant="outline" onClick={() => setReturning(lead)}>
                        Return
                      </Button>
                    ) : null}
                    <ReportProblemButton about={{ kind: 'lead', id: lead.leadId, label: leadLabel(lead) }} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {next && (
        <div className="text-center">
          <Button variant="outline" onClick={() => void more()}>
            Load more
          </Button>
        </div>
      )}

      {assignedToMe.length > 0 && (
        <section aria-labelledby="assigned-to-me" className="rounded-lg border border-slate-200 bg-white">
          <h2 id="assigned-to-me" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
            Assigned to me
          </h2>
          <ul className="divide-y divide-slate-100">
            {assignedToMe.map((lead) => (
              <li key={`${lead.leadId}-${lead.ownerEmail}`} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {lead.firstName} {lead.lastName} <span className="font-normal text-slate-700">({lead.state})</span>
                  </p>
                  <a href={`tel:${lead.phone}`} className="text-brand-700 hover:underline">
                    {formatPhone(lead.phone)}
                  </a>
                  {lead.email && <span className="break-all text-slate-700"> · {lead.email}</span>}
                </div>
                <p className="text-slate-700">
                  From <span className="break-all">{lead.ownerEmail}</span>
                  {lead.how === 'round_robin' ? ' (round-robin)' : ''} · {formatShortDateTime(lead.assignedAt)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <LeadDeliveriesDialog lead={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
      <ReturnLeadDialog
        lead={returning}
        reasons={reasons.reasons}
        windowDays={reasons.windowDays}
        onClose={() => setReturning(null)}
        onReturned={() => void load()}
      />
    </div>
  );
}
