/** The lead sources and their tiers, as the portal names them (campaigns, bought leads). */
export type Source = 'data_leads' | 'aged_leads' | 'smm_leads';

export const SOURCES: readonly { value: Source; label: string; tiers: readonly { value: string; label: string }[] }[] = [
  {
    value: 'data_leads',
    label: 'Data Leads',
    tiers: [
      { value: 'basic', label: 'Basic' },
      { value: 'premium', label: 'Premium' },
      { value: 'exclusive', label: 'Exclusive' },
    ],
  },
  {
    value: 'aged_leads',
    label: 'Aged Leads',
    tiers: [
      { value: 'basic', label: 'Basic' },
      { value: 'business', label: 'Business' },
      { value: 'jgs_leads', label: 'JGS Leads' },
    ],
  },
  {
    value: 'smm_leads',
    label: 'SMM Leads',
    tiers: [
      { value: 'basic', label: 'Basic' },
      { value: 'premium', label: 'Premium' },
    ],
  },
];

/** Every source a bought lead may have: the campaigns' sources, and business leads (bought by the piece). */
export const LEAD_SOURCES: readonly { value: string; label: string; tiers: readonly { value: string; label: string }[] }[] = [
  ...SOURCES,
  { value: 'business', label: 'Business Leads', tiers: [{ value: 'basic', label: 'Basic' }] },
];

export const sourceLabel = (source: string) => LEAD_SOURCES.find((s) => s.value === source)?.label ?? source;
export const tierLabel = (source: string, tier: string) => LEAD_SOURCES.find((s) => s.value === source)?.tiers.find((t) => t.value === tier)?.label ?? tier;
