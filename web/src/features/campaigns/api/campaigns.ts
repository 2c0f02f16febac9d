import { api } from '../../../lib/api-client';

export type Source = 'data_leads' | 'aged_leads' | 'smm_leads';

export const SOURCES: readonly { value: Source; label: string; tiers: readonly { value: string; label: string }[] }[] = [
  { value: 'data_leads', label: 'Data Leads', tiers: [{ value: 'basic', label: 'Basic' }, { value: 'premium', label: 'Premium' }, { value: 'exclusive', label: 'Exclusive' }] },
  { value: 'aged_leads', label: 'Aged Leads', tiers: [{ value: 'basic', label: 'Basic' }, { value: 'business', label: 'Business' }, { value: 'jgs_leads', label: 'JGS Leads' }] },
  { value: 'smm_leads', label: 'SMM Leads', tiers: [{ value: 'basic', label: 'Basic' }, { value: 'premium', label: 'Premium' }] },
];

export const sourceLabel = (source: string) => SOURCES.find((s) => s.value === source)?.label ?? source;
export const tierLabel = (source: string, tier: string) => SOURCES.find((s) => s.value === source)?.tiers.find((t) => t.value === tier)?.label ?? tier;

export type Campaign = {
  campaignId: string;
  name: string;
  source: Source;
  tier: string;
  status: 'funding' | 'active' | 'paused' | 'unfunded' | 'ended';
  budgetCents: number;
  spentCents: number;
  leadCount: number;
  statusReason: string | null;
  createdAt: string;
};

export type AgedAvailability = { available: number; packages: { quantity: number; priceCents: number; perLeadCents: number; whole: boolean }[] };

const key = () => crypto.randomUUID();

export const fetchCampaigns = async () => (await api<{ campaigns: Campaign[] }>('GET', '/api/campaigns')).campaigns;
export const createCampaign = (body: { name: string; source: Source; tier: string; budgetCents: number }) =>
  api<{ campaignId: string; status: 'active' | 'funding' }>('POST', '/api/campaigns', body, { 'idempotency-key': key() });
export const setCampaignActive = (campaignId: string, active: boolean) => api('POST', `/api/campaigns/${campaignId}/active`, { active });
export const pauseAllCampaigns = () => api<{ paused: number }>('POST', '/api/campaigns/pause-all', undefined, { 'idempotency-key': key() });
export const changeBudget = (campaignId: string, changeCents: number) => api('POST', `/api/campaigns/${campaignId}/budget`, { changeCents }, { 'idempotency-key': key() });
export const endCampaign = (campaignId: string) => api('POST', `/api/campaigns/${campaignId}/end`);
export const fetchAgedAvailability = (tier: string) => api<AgedAvailability>('GET', `/api/aged-orders/availability?tier=${encodeURIComponent(tier)}`);
export const orderAgedPackage = (body: { quantity: number; tier: string; acceptPartial?: boolean }, idempotencyKey: string) =>
  api<{ orderId: string; quantity: number; priceCents: number }>('POST', '/api/aged-orders', body, { 'idempotency-key': idempotencyKey });

/** What is left of a campaign's budget, as a share of it (0 to 1). */
export const remainingShare = (campaign: Pick<Campaign, 'budgetCents' | 'spentCents'>) =>
  campaign.budgetCents > 0 ? Math.max(0, campaign.budgetCents - campaign.spentCents) / campaign.budgetCents : 0;
/** The spec's low-budget line: under 10 % remaining. */
export const isLowBudget = (campaign: Pick<Campaign, 'budgetCents' | 'spentCents'>) => remainingShare(campaign) < 0.1;
