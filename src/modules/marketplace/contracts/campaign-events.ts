/**
 * A campaign's events, on `campaign-<campaignId>`. The campaign's money lives on
 * the owner's wallet as a hold with the campaign's id; these events say what the campaign
 * asked of the wallet and what the wallet answered, each step a process between the streams.
 */
export const campaignStream = (campaignId: string) => `campaign-${campaignId}`;

/** The sources a campaign (Buy Leads) buys from. */
export const CAMPAIGN_SOURCES = ['data_leads', 'aged_leads', 'smm_leads'] as const;
/** Every source a lead may have: business leads are sold by the piece only (purchase-business-leads), never to campaigns. */
export const LEAD_SOURCES = [...CAMPAIGN_SOURCES, 'business'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const TIERS: Readonly<Record<LeadSource, readonly string[]>> = {
  data_leads: ['basic', 'premium', 'exclusive'],
  aged_leads: ['basic', 'business', 'jgs_leads'],
  smm_leads: ['basic', 'premium'],
  business: ['basic'],
};

/** When a campaign buys, in its targeting's time zone: days 0 (Sunday) to 6, hours [fromHour, toHour). */
export type WeeklySchedule = { readonly days: readonly number[]; readonly fromHour: number; readonly toHour: number };

export type Targeting = {
  /** Two-letter state codes; empty means every state. */
  readonly states: readonly string[];
  readonly dailyCap: number | null;
  readonly weeklyCap: number | null;
  readonly schedule: WeeklySchedule | null;
  /** The IANA time zone of the schedule and the caps' days and weeks: the organisation's when the campaign was last saved (older campaigns kept their owner's profile zone). */
  readonly timeZone: string;
  /** The owner's group whose members get the campaign's leads in turn (absent in campaigns made before there was one). */
  readonly roundRobinGroupId?: string | null;
};

export type CampaignEvent =
  | {
      type: 'CampaignCreated';
      data: { campaignId: string; ownerId: string; name: string; source: LeadSource; tier: string; budgetCents: number; targeting: Targeting };
    }
  /** The wallet placed the budget's hold: the campaign runs. */
  | { type: 'CampaignFunded'; data: { campaignId: string; ownerId: string; amountCents: number } }
  /** The wallet refused the hold (the balance moved since the request was checked): the campaign never runs. */
  | { type: 'CampaignFundingFailed'; data: { campaignId: string; ownerId: string; reason: string } }
  | { type: 'CampaignPaused'; data: { campaignId: string; ownerId: string } }
  | { type: 'CampaignResumed'; data: { campaignId: string; ownerId: string } }
  | { type: 'CampaignSettingsChanged'; data: { campaignId: string; ownerId: string; name: string; targeting: Targeting } }
  /** More budget asked of the wallet; the hold grows in a later step. */
  | { type: 'BudgetRaiseRequested'; data: { campaignId: string; ownerId: string; requestId: string; amountCents: number } }
  | { type: 'BudgetRaised'; data: { campaignId: string; ownerId: string; requestId: string; amountCents: number } }
  | { type: 'BudgetRaiseRefused'; data: { campaignId: string; ownerId: string; requestId: string; amountCents: number; reason: string } }
  /** Budget taken back at once (the campaign stops buying beyond it); the hold shrinks in a later step. */
  | { type: 'BudgetLowered'; data: { campaignId: string; ownerId: string; amountCents: number } }
  /** A lead set aside for this campaign while its price is captured from the hold; counts against the caps. */
  | { type: 'LeadReserved'; data: { campaignId: string; ownerId: string; leadId: string; priceCents: number; day: string; week: string } }
  /** The capture failed (the budget ran out): the lead goes to the next campaign, the caps get the place back. */
  | { type: 'ReservationReleased'; data: { campaignId: string; ownerId: string; leadId: string; reason: string } }
  | { type: 'LeadBought'; data: { campaignId: string; ownerId: string; leadId: string; priceCents: number } }
  /** Ended for good: what is left of the hold is released in a later step. */
  | { type: 'CampaignEnded'; data: { campaignId: string; ownerId: string; reason: string } };
