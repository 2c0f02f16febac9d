import { api } from '../../../lib/api-client';
import type { Source } from '../../../lib/lead-sources';

export type Campaign = {
  campaignId: string;
  name: string;
  source: Source;
  tier: string;
  status: 'funding' | 'active' | 'paused' | 'unfunded' | 'ended';
  budgetCents: number;
  /** What the campaign cost: its leads' prices less those of leads returned and approved. */
  spentCents: number;
  /** What its hold captured (returns credit the wallet, not the budget): the budget left is budgetCents less this. */
  budgetUsedCents: number;
  returnedCents: number;
  leadCount: number;
  statusReason: string | null;
  createdAt: string;
  targeting: Targeting;
};

export type Schedule = { days: number[]; fromHour: number; toHour: number };
export type Targeting = {
  states: string[];
  dailyCap: number | null;
  weeklyCap: number | null;
  schedule: Schedule | null;
  timeZone: string;
  roundRobinGroupId?: string | null;
};

export type PassOverReason = 'state' | 'schedule' | 'paused' | 'daily_cap' | 'weekly_cap' | 'budget' | 'already_owned' | 'sold_out';
export type Offer = {
  leadId: string;
  leadName: string | null;
  leadState: string | null;
  outcome: 'bought' | 'passed';
  reason: PassOverReason | null;
  priceCents: number | null;
  at: string;
};
export type CampaignActivity = { perDay: { day: string; leads: number; spentCents: number }[]; offers: Offer[] };

/** "Why no leads?" in the agent's words. */
export const PASS_OVER_REASONS: Record<PassOverReason, string> = {
  state: 'The lead was outside your states',
  schedule: 'The lead came outside your buying hours',
  paused: 'The campaign was paused',
  daily_cap: 'Your daily cap was reached',
  weekly_cap: 'Your weekly cap was reached',
  budget: 'The budget was used up',
  already_owned: 'You already got this lead from another campaign',
  sold_out: 'Other campaigns took it first (exclusive leads go to one buyer, shared leads to three)',
};

export type AgedAvailability = { available: number; packages: { quantity: number; priceCents: number; perLeadCents: number; whole: boolean }[] };

const key = () => crypto.randomUUID();

export const fetchCampaigns = async () => (await api<{ campaigns: Campaign[] }>('GET', '/api/campaigns')).campaigns;
export const createCampaign = (body: { name: string; source: Source; tier: string; budgetCents: number }) =>
  api<{ campaignId: string; status: 'active' | 'funding' }>('POST', '/api/campaigns', body, { 'idempotency-key': key() });
export const setCampaignActive = (campaignId: string, active: boolean) => api('POST', `/api/campaigns/${campaignId}/active`, { active });
export const pauseAllCampaigns = () => api<{ paused: number }>('POST', '/api/campaigns/pause-all', undefined, { 'idempotency-key': key() });
/** Raised or lowered; "raise requested" when the wallet has not answered yet (the outcome then shows on the campaign). */
export const changeBudget = (campaignId: string, changeCents: number) =>
  api<{ campaignId: string; status: 'raised' | 'lowered' | 'raise requested' }>(
    'POST',
    `/api/campaigns/${campaignId}/budget`,
    { changeCents },
    { 'idempotency-key': key() },
  );
export const fetchCampaign = (campaignId: string) => api<Campaign>('GET', `/api/campaigns/${campaignId}`);
export const fetchCampaignActivity = (campaignId: string) => api<CampaignActivity>('GET', `/api/campaigns/${campaignId}/activity`);
export const changeSettings = (campaignId: string, body: { name: string; targeting: Omit<Targeting, 'timeZone'> }) =>
  api('PUT', `/api/campaigns/${campaignId}/settings`, body);
export const endCampaign = (campaignId: string) => api('POST', `/api/campaigns/${campaignId}/end`);
export const fetchAgedAvailability = (tier: string, states: readonly string[] = []) =>
  api<AgedAvailability>(
    'GET',
    `/api/aged-orders/availability?tier=${encodeURIComponent(tier)}${states.length ? `&states=${encodeURIComponent(states.join(','))}` : ''}`,
  );
export type LeadPrice = { source: string; tier: string; priceCents: number | null };
export const fetchLeadPrices = async () => (await api<{ prices: LeadPrice[] }>('GET', '/api/lead-prices')).prices;
/** How many buyers a lead of the tier goes to: exclusive leads to one, the others to up to three agents. */
export const buyersPerLead = (tier: string) => (tier === 'exclusive' ? 1 : 3);
export const orderAgedPackage = (body: { quantity: number; tier: string; states?: readonly string[]; acceptPartial?: boolean }, idempotencyKey: string) =>
  api<{ orderId: string; quantity: number; priceCents: number }>('POST', '/api/aged-orders', body, { 'idempotency-key': idempotencyKey });

/** What is left of a campaign's budget, as a share of it (0 to 1). */
/** What is left of the budget to buy leads with (returns credit the wallet, not the budget). */
export const budgetLeft = (campaign: Pick<Campaign, 'budgetCents' | 'budgetUsedCents'>) => Math.max(0, campaign.budgetCents - campaign.budgetUsedCents);

export const remainingShare = (campaign: Pick<Campaign, 'budgetCents' | 'budgetUsedCents'>) =>
  campaign.budgetCents > 0 ? budgetLeft(campaign) / campaign.budgetCents : 0;

export const isLowBudget = (campaign: Pick<Campaign, 'budgetCents' | 'budgetUsedCents'>) => remainingShare(campaign) < 0.1;
