import { TZDate } from '@date-fns/tz';

import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { TIERS, type CampaignEvent, type LeadSource, type Targeting } from '../contracts/campaign-events.js';

/**
 * A campaign's life (spec "Buy Leads" and /campaigns): created, then funded or not
 * by the wallet's hold; paused and resumed; its budget raised (asked of the wallet) or lowered
 * (at once, the hold follows); ended, when what is left is released. The money itself is
 * decided on the wallet: the campaign only records what it asked and what the wallet answered.
 */
export type CampaignStatus = 'none' | 'funding' | 'active' | 'paused' | 'unfunded' | 'ended';

export type CampaignState = {
  readonly status: CampaignStatus;
  readonly ownerId: string | null;
  readonly name: string;
  readonly source: LeadSource | null;
  readonly tier: string | null;
  /** What the hold has been asked to hold in all: the funding, raises granted, minus what was lowered. */
  readonly budgetCents: number;
  /** Raises asked of the wallet and not yet answered. */
  readonly pendingRaises: Readonly<Record<string, number>>;
  readonly targeting: Targeting | null;
  /** Leads reserved (open or bought) on the owner's current day and week, for the caps. */
  readonly counts: { readonly day: string; readonly dayCount: number; readonly week: string; readonly weekCount: number };
  /**
   * The latest reservations (RECENT_RESERVATIONS of them, oldest dropped first). A reservation is
   * the purchase unless its capture fails, which releases it within seconds of reserving; an
   * older one cannot be released any more (nor reserved again: the event id says it ran).
   */
  readonly reserved: Readonly<Record<string, { readonly day: string; readonly week: string }>>;
};

export type CampaignCommand =
  | {
      type: 'CreateCampaign';
      campaignId: string;
      ownerId: string;
      name: string;
      source: LeadSource;
      tier: string;
      budgetCents: number;
      targeting: Targeting;
    }
  | { type: 'RecordFunding'; campaignId: string; outcome: { funded: true } | { funded: false; reason: string } }
  | { type: 'SetActive'; campaignId: string; ownerId: string; active: boolean }
  | { type: 'ChangeSettings'; campaignId: string; ownerId: string; name: string; targeting: Targeting }
  | { type: 'RaiseBudget'; campaignId: string; ownerId: string; requestId: string; amountCents: number }
  | { type: 'RecordRaise'; campaignId: string; requestId: string; outcome: { raised: true } | { raised: false; reason: string } }
  | { type: 'LowerBudget'; campaignId: string; ownerId: string; amountCents: number; spentCents: number }
  | { type: 'EndCampaign'; campaignId: string; ownerId: string; reason: string }
  | { type: 'ReserveLead'; campaignId: string; leadId: string; leadState: string; priceCents: number }
  | { type: 'ReleaseReservation'; campaignId: string; leadId: string; reason: string };

/** How many of its latest reservations a campaign remembers: far more than allocations run at once. */
export const RECENT_RESERVATIONS = 128;

/** The largest budget one campaign may hold: $1,000,000 (the wallet's own limit on one amount). */
export const MAX_BUDGET_CENTS = 100_000_000;
export const MAX_NAME_LENGTH = 100;
export const DATA_LEADS_MESSAGE = 'Please enter budget and campaign name for Data Leads';
/** A raise or a cut of a running campaign's budget: the wallet holds whole dollars, like the budget it was created with. */
export const BUDGET_CHANGE_MESSAGE = 'Budget changes are whole dollars (a multiple of 100 cents), at least $1.';

/** Whether a budget, or a change of one, is whole dollars and at least $1. */
export const isWholeDollars = (cents: number): boolean => Number.isInteger(cents) && cents >= 100 && cents % 100 === 0;
export const SOURCE_AND_TIER_MESSAGE = 'Please select a source and tier';
const STATE_CODE = /^[A-Z]{2}$/;

const initialState = (): CampaignState => ({
  status: 'none',
  ownerId: null,
  name: '',
  source: null,
  tier: null,
  budgetCents: 0,
  pendingRaises: {},
  targeting: null,
  counts: { day: '', dayCount: 0, week: '', weekCount: 0 },
  reserved: {},
});

function decide(command: CampaignCommand, state: CampaignState, now: Date): readonly CampaignEvent[] {
  switch (command.type) {
    case 'CreateCampaign': {
      if (state.status !== 'none') {
        // The same request again (its id is the client's key) creates nothing new.
        if (state.ownerId === command.ownerId) return [];
        throw new DomainError('CAMPAIGN_EXISTS', 'A campaign with this id already exists.', 409);
      }
      const { campaignId, ownerId, source, tier } = command;
      if (!TIERS[source]?.includes(tier)) throw new DomainError('SOURCE_AND_TIER_REQUIRED', SOURCE_AND_TIER_MESSAGE, 400);
      if (source !== 'data_leads')
        throw new DomainError(
          'CAMPAIGN_SOURCE_UNSUPPORTED',
          'Only Data Leads run as campaigns; Aged Leads are bought as packages and SMM Leads are coming soon.',
          400,
        );
      const name = validName(command.name);
      validBudget(command.budgetCents);
      validTargeting(command.targeting);
      return [{ type: 'CampaignCreated', data: { campaignId, ownerId, name, source, tier, budgetCents: command.budgetCents, targeting: command.targeting } }];
    }
    case 'RecordFunding': {
      if (state.status !== 'funding') return [];
      const base = { campaignId: command.campaignId, ownerId: state.ownerId! };
      return command.outcome.funded
        ? [{ type: 'CampaignFunded', data: { ...base, amountCents: state.budgetCents } }]
        : [{ type: 'CampaignFundingFailed', data: { ...base, reason: command.outcome.reason } }];
    }
    case 'SetActive': {
      requireOwner(state, command.ownerId);
      if (state.status === 'funding') throw new DomainError('CAMPAIGN_NOT_READY', 'This campaign is still being set up. Try again in a moment.', 409);
      requireRunning(state);
      if (command.active === (state.status === 'active')) return [];
      const data = { campaignId: command.campaignId, ownerId: command.ownerId };
      return [command.active ? { type: 'CampaignResumed', data } : { type: 'CampaignPaused', data }];
    }
    case 'ChangeSettings': {
      requireOwner(state, command.ownerId);
      requireRunning(state, true);
      const name = validName(command.name);
      validTargeting(command.targeting);
      return [{ type: 'CampaignSettingsChanged', data: { campaignId: command.campaignId, ownerId: command.ownerId, name, targeting: command.targeting } }];
    }
    case 'RaiseBudget': {
      requireOwner(state, command.ownerId);
      requireRunning(state);
      if (command.requestId in state.pendingRaises) return [];
      validBudget(command.amountCents, BUDGET_CHANGE_REFUSAL);
      if (state.budgetCents + pendingTotal(state) + command.amountCents > MAX_BUDGET_CENTS) throw tooLarge();
      return [
        {
          type: 'BudgetRaiseRequested',
          data: { campaignId: command.campaignId, ownerId: command.ownerId, requestId: command.requestId, amountCents: command.amountCents },
        },
      ];
    }
    case 'RecordRaise': {
      const amountCents = state.pendingRaises[command.requestId];
      if (amountCents === undefined) return [];
      const base = { campaignId: command.campaignId, ownerId: state.ownerId!, requestId: command.requestId, amountCents };
      return command.outcome.raised
        ? [{ type: 'BudgetRaised', data: base }]
        : [{ type: 'BudgetRaiseRefused', data: { ...base, reason: command.outcome.reason } }];
    }
    case 'LowerBudget': {
      requireOwner(state, command.ownerId);
      requireRunning(state);
      validBudget(command.amountCents, BUDGET_CHANGE_REFUSAL);
      const left = state.budgetCents - command.spentCents;
      if (command.amountCents > left) {
        throw new DomainError('BUDGET_BELOW_SPENT', `Only ${wholeDollars(left)} of this budget is unspent; it cannot be lowered by more.`, 409, {
          unspentCents: left,
        });
      }
      return [{ type: 'BudgetLowered', data: { campaignId: command.campaignId, ownerId: command.ownerId, amountCents: command.amountCents } }];
    }
    case 'EndCampaign': {
      requireOwner(state, command.ownerId);
      if (state.status === 'ended' || state.status === 'unfunded') return [];
      if (state.status === 'funding') throw new DomainError('CAMPAIGN_NOT_READY', 'This campaign is still being set up. Try again in a moment.', 409);
      return [{ type: 'CampaignEnded', data: { campaignId: command.campaignId, ownerId: command.ownerId, reason: command.reason } }];
    }
    case 'ReserveLead': {
      if (state.status === 'none') throw new DomainError('CAMPAIGN_NOT_FOUND', 'No such campaign.', 404);
      if (command.leadId in state.reserved) return [];
      if (state.status !== 'active') throw passOver('paused', 'This campaign is not running.');
      const taken = targetingTakes(state.targeting!, { state: command.leadState }, now);
      if (!taken.takes)
        throw passOver(
          taken.reason,
          taken.reason === 'state' ? 'The lead is outside this campaign’s states.' : 'The lead came outside this campaign’s buying hours.',
        );
      const { day, week } = localDayAndWeek(now, state.targeting!.timeZone);
      const counts = currentCounts(state, day, week);
      if (state.targeting!.dailyCap !== null && counts.dayCount >= state.targeting!.dailyCap)
        throw passOver('daily_cap', 'This campaign reached its daily lead cap.');
      if (state.targeting!.weeklyCap !== null && counts.weekCount >= state.targeting!.weeklyCap)
        throw passOver('weekly_cap', 'This campaign reached its weekly lead cap.');
      return [
        {
          type: 'LeadReserved',
          data: { campaignId: command.campaignId, ownerId: state.ownerId!, leadId: command.leadId, priceCents: command.priceCents, day, week },
        },
      ];
    }
    case 'ReleaseReservation': {
      if (!(command.leadId in state.reserved)) return [];
      return [
        { type: 'ReservationReleased', data: { campaignId: command.campaignId, ownerId: state.ownerId!, leadId: command.leadId, reason: command.reason } },
      ];
    }
    default:
      return assertNever(command);
  }
}

/** A campaign passed over for a lead, with the reason "why no leads?" shows. */
export const passOver = (reason: 'paused' | 'state' | 'schedule' | 'daily_cap' | 'weekly_cap', message: string) =>
  new DomainError('CAMPAIGN_PASSED_OVER', message, 409, { reason });

/** The calendar day and the Monday that starts the week, in the campaign's time zone. */
export function localDayAndWeek(at: Date, timeZone: string): { day: string; week: string } {
  const local = new TZDate(at.getTime(), timeZone);
  const iso = (date: TZDate) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const monday = new TZDate(local.getTime(), timeZone);
  monday.setDate(local.getDate() - ((local.getDay() + 6) % 7));
  return { day: iso(local), week: iso(monday) };
}

const currentCounts = (state: CampaignState, day: string, week: string) => ({
  day,
  dayCount: state.counts.day === day ? state.counts.dayCount : 0,
  week,
  weekCount: state.counts.week === week ? state.counts.weekCount : 0,
});

function evolve(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignCreated': {
      const { ownerId, name, source, tier, budgetCents, targeting } = event.data;
      return { ...state, status: 'funding', ownerId, name, source, tier, budgetCents, targeting };
    }
    case 'CampaignFunded':
      return { ...state, status: 'active' };
    case 'CampaignFundingFailed':
      return { ...state, status: 'unfunded' };
    case 'CampaignPaused':
      return { ...state, status: 'paused' };
    case 'CampaignResumed':
      return { ...state, status: 'active' };
    case 'CampaignSettingsChanged':
      return { ...state, name: event.data.name, targeting: event.data.targeting };
    case 'BudgetRaiseRequested':
      return { ...state, pendingRaises: { ...state.pendingRaises, [event.data.requestId]: event.data.amountCents } };
    case 'BudgetRaised':
    case 'BudgetRaiseRefused': {
      const { [event.data.requestId]: _answered, ...pendingRaises } = state.pendingRaises;
      return { ...state, pendingRaises, budgetCents: state.budgetCents + (event.type === 'BudgetRaised' ? event.data.amountCents : 0) };
    }
    case 'BudgetLowered':
      return { ...state, budgetCents: state.budgetCents - event.data.amountCents };
    case 'CampaignEnded':
      return { ...state, status: 'ended' };
    case 'LeadReserved': {
      const { day, week, leadId } = event.data;
      const counts = currentCounts(state, day, week);
      const recent = Object.entries(state.reserved).slice(1 - RECENT_RESERVATIONS);
      return {
        ...state,
        counts: { day, dayCount: counts.dayCount + 1, week, weekCount: counts.weekCount + 1 },
        reserved: { ...Object.fromEntries(recent), [leadId]: { day, week } },
      };
    }
    case 'ReservationReleased': {
      const { [event.data.leadId]: released, ...reserved } = state.reserved;
      const { counts } = state;
      return {
        ...state,
        reserved,
        counts: {
          ...counts,
          dayCount: released && counts.day === released.day ? counts.dayCount - 1 : counts.dayCount,
          weekCount: released && counts.week === released.week ? counts.weekCount - 1 : counts.weekCount,
        },
      };
    }
    case 'LeadBought': {
      // Streams from before purchases were confirmed by the reservation alone.
      const { [event.data.leadId]: _bought, ...reserved } = state.reserved;
      return { ...state, reserved };
    }
    default:
      return assertNever(event);
  }
}

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = { initialState, evolve, decide };

/**
 * Whether the campaign's targeting takes a lead from `state` at `at`: the state filter and the
 * weekly schedule in the campaign's time zone. Caps and budget are decided where the lead is
 * reserved, since they change with every lead.
 */
export function targetingTakes(targeting: Targeting, lead: { state: string }, at: Date): { takes: true } | { takes: false; reason: 'state' | 'schedule' } {
  if (targeting.states.length > 0 && !targeting.states.includes(lead.state)) return { takes: false, reason: 'state' };
  if (targeting.schedule) {
    const local = new TZDate(at.getTime(), targeting.timeZone);
    const { days, fromHour, toHour } = targeting.schedule;
    if (!days.includes(local.getDay()) || local.getHours() < fromHour || local.getHours() >= toHour) return { takes: false, reason: 'schedule' };
  }
  return { takes: true };
}

const wholeDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const pendingTotal = (state: CampaignState) => Object.values(state.pendingRaises).reduce((sum, cents) => sum + cents, 0);
const tooLarge = () => new DomainError('BUDGET_TOO_LARGE', `A campaign's budget can be at most ${wholeDollars(MAX_BUDGET_CENTS)}.`, 400);

function validName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new DomainError('NAME_AND_BUDGET_REQUIRED', DATA_LEADS_MESSAGE, 400);
  if (name.length > MAX_NAME_LENGTH) throw new DomainError('NAME_TOO_LONG', `A campaign name can be at most ${MAX_NAME_LENGTH} characters.`, 400);
  return name;
}

const BUDGET_CHANGE_REFUSAL = { code: 'BUDGET_WHOLE_DOLLARS', message: BUDGET_CHANGE_MESSAGE };

/** A new campaign's budget is refused in the spec's words for the Buy Leads dialog; a change of it says what a change must be. */
function validBudget(cents: number, refusal = { code: 'NAME_AND_BUDGET_REQUIRED', message: DATA_LEADS_MESSAGE }): void {
  if (!isWholeDollars(cents)) throw new DomainError(refusal.code, refusal.message, 400);
  if (cents > MAX_BUDGET_CENTS) throw tooLarge();
}

function validTargeting(targeting: Targeting): void {
  const bad = (message: string) => new DomainError('TARGETING_INVALID', message, 400);
  if (targeting.states.some((code) => !STATE_CODE.test(code))) throw bad('States are two-letter codes, like FL or TX.');
  if (new Set(targeting.states).size !== targeting.states.length) throw bad('Each state can be chosen once.');
  for (const cap of [targeting.dailyCap, targeting.weeklyCap]) {
    if (cap !== null && (!Number.isInteger(cap) || cap < 1 || cap > 10_000)) throw bad('A lead cap is a whole number from 1 to 10,000.');
  }
  if (targeting.dailyCap !== null && targeting.weeklyCap !== null && targeting.dailyCap > targeting.weeklyCap)
    throw bad('The daily cap cannot be above the weekly cap.');
  const schedule = targeting.schedule;
  if (schedule) {
    if (schedule.days.length === 0 || schedule.days.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
      throw bad('Choose at least one day of the week.');
    if (
      !Number.isInteger(schedule.fromHour) ||
      !Number.isInteger(schedule.toHour) ||
      schedule.fromHour < 0 ||
      schedule.toHour > 24 ||
      schedule.fromHour >= schedule.toHour
    ) {
      throw bad('The buying hours run from a start hour to a later end hour, between 0 and 24.');
    }
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: targeting.timeZone });
  } catch {
    throw bad('The time zone is not known.');
  }
}

function requireOwner(state: CampaignState, ownerId: string): void {
  // Another agent's campaign is "not found", never "forbidden": its existence is not theirs to learn.
  if (state.status === 'none' || state.ownerId !== ownerId) throw new DomainError('CAMPAIGN_NOT_FOUND', 'No such campaign.', 404);
}

function requireRunning(state: CampaignState, fundingAllowed = false): void {
  if (state.status === 'ended') throw new DomainError('CAMPAIGN_ENDED', 'This campaign has ended.', 409);
  if (state.status === 'unfunded') throw new DomainError('CAMPAIGN_UNFUNDED', 'This campaign could not reserve its budget and never ran.', 409);
  if (state.status === 'funding' && !fundingAllowed)
    throw new DomainError('CAMPAIGN_NOT_READY', 'This campaign is still being set up. Try again in a moment.', 409);
}
