import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import type { CampaignEvent, Targeting } from '../contracts/campaign-events.js';
import {
  BUDGET_CHANGE_MESSAGE,
  campaignDecider,
  DATA_LEADS_MESSAGE,
  RECENT_RESERVATIONS,
  SOURCE_AND_TIER_MESSAGE,
  targetingTakes,
  type CampaignCommand,
} from './campaign.decider.js';

const given = givenWhenThen(campaignDecider);
const now = new Date('2031-05-06T15:00:00Z');
const C = 'camp-1';
const OWNER = 'agent-1';
const everywhere: Targeting = { states: [], dailyCap: null, weeklyCap: null, schedule: null, timeZone: 'America/New_York' };
const create = (overrides: Partial<Extract<CampaignCommand, { type: 'CreateCampaign' }>> = {}): CampaignCommand => ({
  type: 'CreateCampaign',
  campaignId: C,
  ownerId: OWNER,
  name: 'Florida seniors',
  source: 'data_leads',
  tier: 'premium',
  budgetCents: 5_000,
  targeting: everywhere,
  ...overrides,
});
const created: CampaignEvent = {
  type: 'CampaignCreated',
  data: { campaignId: C, ownerId: OWNER, name: 'Florida seniors', source: 'data_leads', tier: 'premium', budgetCents: 5_000, targeting: everywhere },
};
const funded: CampaignEvent = { type: 'CampaignFunded', data: { campaignId: C, ownerId: OWNER, amountCents: 5_000 } };
const paused: CampaignEvent = { type: 'CampaignPaused', data: { campaignId: C, ownerId: OWNER } };
const ended: CampaignEvent = { type: 'CampaignEnded', data: { campaignId: C, ownerId: OWNER, reason: 'owner ended it' } };

describe('campaign decider', () => {
  it('creates a data-leads campaign that waits for its budget to be held, and a repeat creates nothing', () => {
    given([])
      .when(create({ name: '  Florida seniors ' }), now)
      .then([created]);
    given([created]).when(create(), now).then([]);
    given([created])
      .when(create({ ownerId: 'someone-else' }), now)
      .thenRefuses('CAMPAIGN_EXISTS');
  });

  it('refuses what the Buy Leads dialog refuses, in the spec’s words', () => {
    given([])
      .when(create({ tier: 'jgs_leads' }), now)
      .thenRefuses('SOURCE_AND_TIER_REQUIRED', SOURCE_AND_TIER_MESSAGE);
    given([])
      .when(create({ name: '   ' }), now)
      .thenRefuses('NAME_AND_BUDGET_REQUIRED', DATA_LEADS_MESSAGE);
    for (const budgetCents of [0, 99, 150, 1_000.5, -100])
      given([]).when(create({ budgetCents }), now).thenRefuses('NAME_AND_BUDGET_REQUIRED', DATA_LEADS_MESSAGE);
    given([])
      .when(create({ budgetCents: 100_000_100 }), now)
      .thenRefuses('BUDGET_TOO_LARGE');
    given([])
      .when(create({ source: 'aged_leads', tier: 'basic' }), now)
      .thenRefuses('CAMPAIGN_SOURCE_UNSUPPORTED');
    given([])
      .when(create({ name: 'x'.repeat(101) }), now)
      .thenRefuses('NAME_TOO_LONG');
  });

  it('refuses targeting that cannot work: bad states, caps, schedules and time zones', () => {
    const bad = (targeting: Partial<Targeting>) =>
      given([])
        .when(create({ targeting: { ...everywhere, ...targeting } }), now)
        .thenRefuses('TARGETING_INVALID');
    bad({ states: ['Florida'] });
    bad({ states: ['FL', 'FL'] });
    bad({ dailyCap: 0 });
    bad({ dailyCap: 20, weeklyCap: 10 });
    bad({ schedule: { days: [], fromHour: 9, toHour: 17 } });
    bad({ schedule: { days: [1], fromHour: 17, toHour: 9 } });
    bad({ schedule: { days: [7], fromHour: 9, toHour: 17 } });
    bad({ timeZone: 'Mars/Olympus' });
  });

  it('runs once the wallet holds the budget, or never when it refused', () => {
    given([created])
      .when({ type: 'RecordFunding', campaignId: C, outcome: { funded: true } }, now)
      .then([funded]);
    given([created])
      .when({ type: 'RecordFunding', campaignId: C, outcome: { funded: false, reason: "You don't have enough balance for this purchase" } }, now)
      .then([{ type: 'CampaignFundingFailed', data: { campaignId: C, ownerId: OWNER, reason: "You don't have enough balance for this purchase" } }]);
    // A repeated answer of the wallet changes nothing.
    given([created, funded])
      .when({ type: 'RecordFunding', campaignId: C, outcome: { funded: true } }, now)
      .then([]);
    const unfunded: CampaignEvent = { type: 'CampaignFundingFailed', data: { campaignId: C, ownerId: OWNER, reason: 'no' } };
    given([created, unfunded]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: true }, now).thenRefuses('CAMPAIGN_UNFUNDED');
  });

  it('pauses and resumes for its owner only; a switch to the state it is in stores nothing', () => {
    given([created, funded]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: false }, now).then([paused]);
    given([created, funded, paused])
      .when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: true }, now)
      .then([{ type: 'CampaignResumed', data: { campaignId: C, ownerId: OWNER } }]);
    given([created, funded]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: true }, now).then([]);
    given([created, funded]).when({ type: 'SetActive', campaignId: C, ownerId: 'agent-2', active: false }, now).thenRefuses('CAMPAIGN_NOT_FOUND');
    given([]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: false }, now).thenRefuses('CAMPAIGN_NOT_FOUND');
    given([created]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: false }, now).thenRefuses('CAMPAIGN_NOT_READY');
    given([created, funded, ended]).when({ type: 'SetActive', campaignId: C, ownerId: OWNER, active: true }, now).thenRefuses('CAMPAIGN_ENDED');
  });

  it('asks the wallet for a raise and counts it only when granted; lowers at once, never below what was spent', () => {
    const raise: CampaignCommand = { type: 'RaiseBudget', campaignId: C, ownerId: OWNER, requestId: 'r1', amountCents: 2_000 };
    const requested: CampaignEvent = { type: 'BudgetRaiseRequested', data: { campaignId: C, ownerId: OWNER, requestId: 'r1', amountCents: 2_000 } };
    given([created, funded]).when(raise, now).then([requested]);
    given([created, funded, requested]).when(raise, now).then([]);
    given([created]).when(raise, now).thenRefuses('CAMPAIGN_NOT_READY');
    given([created, funded])
      .when({ ...raise, amountCents: 250 }, now)
      .thenRefuses('BUDGET_WHOLE_DOLLARS', BUDGET_CHANGE_MESSAGE);
    const raised: CampaignEvent = { type: 'BudgetRaised', data: { campaignId: C, ownerId: OWNER, requestId: 'r1', amountCents: 2_000 } };
    given([created, funded, requested])
      .when({ type: 'RecordRaise', campaignId: C, requestId: 'r1', outcome: { raised: true } }, now)
      .then([raised]);
    given([created, funded, requested, raised])
      .when({ type: 'RecordRaise', campaignId: C, requestId: 'r1', outcome: { raised: true } }, now)
      .then([]);
    given([created, funded, requested])
      .when({ type: 'RecordRaise', campaignId: C, requestId: 'r1', outcome: { raised: false, reason: 'no money' } }, now)
      .then([{ type: 'BudgetRaiseRefused', data: { campaignId: C, ownerId: OWNER, requestId: 'r1', amountCents: 2_000, reason: 'no money' } }]);
    expect(
      campaignDecider.evolve(
        campaignDecider.evolve(campaignDecider.evolve(campaignDecider.evolve(campaignDecider.initialState(), created), funded), requested),
        raised,
      ),
    ).toMatchObject({
      budgetCents: 7_000,
      pendingRaises: {},
    });

    const lower = (amountCents: number, spentCents: number): CampaignCommand => ({
      type: 'LowerBudget',
      campaignId: C,
      ownerId: OWNER,
      amountCents,
      spentCents,
    });
    given([created, funded])
      .when(lower(3_000, 2_000), now)
      .then([{ type: 'BudgetLowered', data: { campaignId: C, ownerId: OWNER, amountCents: 3_000 } }]);
    given([created, funded])
      .when(lower(3_100, 2_000), now)
      .thenRefuses('BUDGET_BELOW_SPENT', 'Only $30 of this budget is unspent; it cannot be lowered by more.');
  });

  it('ends once, for its owner, and then takes no changes', () => {
    const end: CampaignCommand = { type: 'EndCampaign', campaignId: C, ownerId: OWNER, reason: 'owner ended it' };
    given([created, funded, paused]).when(end, now).then([ended]);
    given([created, funded, ended]).when(end, now).then([]);
    given([created, funded])
      .when({ ...end, ownerId: 'agent-2' }, now)
      .thenRefuses('CAMPAIGN_NOT_FOUND');
    given([created, funded, ended])
      .when({ type: 'ChangeSettings', campaignId: C, ownerId: OWNER, name: 'New', targeting: everywhere }, now)
      .thenRefuses('CAMPAIGN_ENDED');
  });
});

describe('targeting', () => {
  const weekdaysNineToFive: Targeting = { ...everywhere, states: ['FL', 'GA'], schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 } };

  it('takes a lead from a chosen state inside the schedule, in the owner’s time zone', () => {
    // Tuesday 2031-05-06 15:00 UTC is 11:00 in New York.
    expect(targetingTakes(weekdaysNineToFive, { state: 'FL' }, now)).toEqual({ takes: true });
    expect(targetingTakes(weekdaysNineToFive, { state: 'TX' }, now)).toEqual({ takes: false, reason: 'state' });
    // 22:00 UTC is 18:00 in New York: after hours there, though still office hours in UTC+0's evening.
    expect(targetingTakes(weekdaysNineToFive, { state: 'FL' }, new Date('2031-05-06T22:00:00Z'))).toEqual({ takes: false, reason: 'schedule' });
    // Saturday 02:00 UTC is Friday 22:00 in New York: the day is the owner's day.
    expect(
      targetingTakes({ ...weekdaysNineToFive, schedule: { days: [5], fromHour: 21, toHour: 23 } }, { state: 'GA' }, new Date('2031-05-10T02:00:00Z')),
    ).toEqual({ takes: true });
    expect(targetingTakes(everywhere, { state: 'AK' }, now)).toEqual({ takes: true });
  });

  it('buys from the first minute of the start hour up to the last minute before the end hour, in the owner’s time zone', () => {
    // New York is UTC-4 in May: 09:00 there is 13:00 UTC and 17:00 there is 21:00 UTC.
    const at = (iso: string) => targetingTakes(weekdaysNineToFive, { state: 'FL' }, new Date(iso));
    expect(at('2031-05-06T12:59:59Z')).toEqual({ takes: false, reason: 'schedule' });
    expect(at('2031-05-06T13:00:00Z')).toEqual({ takes: true });
    expect(at('2031-05-06T20:59:59Z')).toEqual({ takes: true });
    expect(at('2031-05-06T21:00:00Z')).toEqual({ takes: false, reason: 'schedule' });
    // In January it is UTC-5: the same local hours are an hour later in UTC.
    expect(at('2031-01-07T13:59:59Z')).toEqual({ takes: false, reason: 'schedule' });
    expect(at('2031-01-07T14:00:00Z')).toEqual({ takes: true });
    expect(at('2031-01-07T21:59:59Z')).toEqual({ takes: true });
    expect(at('2031-01-07T22:00:00Z')).toEqual({ takes: false, reason: 'schedule' });
  });
});

describe('reservations', () => {
  const capped: CampaignEvent = { ...created, data: { ...created.data, targeting: { ...everywhere, dailyCap: 2 } } } as CampaignEvent;
  const reserve = (leadId: string): CampaignCommand => ({ type: 'ReserveLead', campaignId: C, leadId, leadState: 'FL', priceCents: 1_000 });
  const reserved = (leadId: string, day = '2031-05-06', week = '2031-05-05'): CampaignEvent => ({
    type: 'LeadReserved',
    data: { campaignId: C, ownerId: OWNER, leadId, priceCents: 1_000, day, week },
  });
  const release = (leadId: string): CampaignCommand => ({ type: 'ReleaseReservation', campaignId: C, leadId, reason: 'hold used up' });

  it('counts a reservation as a purchase for the caps unless its capture failed and released it', () => {
    given([capped, funded])
      .when(reserve('l1'), now)
      .then([reserved('l1')]);
    given([capped, funded, reserved('l1')])
      .when(reserve('l1'), now)
      .then([]);
    given([capped, funded, reserved('l1'), reserved('l2')])
      .when(reserve('l3'), now)
      .thenRefuses('CAMPAIGN_PASSED_OVER');
    const released: CampaignEvent = { type: 'ReservationReleased', data: { campaignId: C, ownerId: OWNER, leadId: 'l2', reason: 'hold used up' } };
    given([capped, funded, reserved('l1'), reserved('l2')])
      .when(release('l2'), now)
      .then([released]);
    given([capped, funded, reserved('l1'), reserved('l2'), released])
      .when(reserve('l3'), now)
      .then([reserved('l3')]);
  });

  it(`remembers only its latest ${RECENT_RESERVATIONS} reservations, so its state does not grow with every lead it bought`, () => {
    const many = Array.from({ length: RECENT_RESERVATIONS + 1 }, (_, i) => reserved(`l${i}`));
    const state = [created, funded, ...many].reduce(campaignDecider.evolve, campaignDecider.initialState());
    expect(Object.keys(state.reserved)).toHaveLength(RECENT_RESERVATIONS);
    expect(state.reserved).not.toHaveProperty('l0');
    given([created, funded, ...many])
      .when(release('l0'), now)
      .then([]);
    given([created, funded, ...many])
      .when(release(`l${RECENT_RESERVATIONS}`), now)
      .then([{ type: 'ReservationReleased', data: { campaignId: C, ownerId: OWNER, leadId: `l${RECENT_RESERVATIONS}`, reason: 'hold used up' } }]);
  });

  /** A funded campaign with `targeting` and the leads it reserved, one at each of the given instants. */
  function leadsAt(targeting: Targeting, ...instants: string[]): CampaignEvent[] {
    const events: CampaignEvent[] = [{ ...created, data: { ...created.data, targeting } } as CampaignEvent, funded];
    instants.forEach((iso, i) => {
      const state = events.reduce(campaignDecider.evolve, campaignDecider.initialState());
      events.push(...campaignDecider.decide(reserve(`early-${i}`), state, new Date(iso)));
    });
    return events;
  }
  const reasonOf = (refusal: { details?: Readonly<Record<string, unknown>> }) => refusal.details?.['reason'];

  it('takes the weekly cap’s last lead and passes over the next one as weekly_cap', () => {
    const weeklyThree = { ...everywhere, weeklyCap: 3 };
    // Monday, Tuesday and Wednesday of the owner's week (2031-05-05 is a Monday), one lead each.
    const twoThisWeek = leadsAt(weeklyThree, '2031-05-05T15:00:00Z', '2031-05-06T15:00:00Z');
    given(twoThisWeek)
      .when(reserve('l3'), new Date('2031-05-07T15:00:00Z'))
      .then([reserved('l3', '2031-05-07')]);
    const full = [...twoThisWeek, reserved('l3', '2031-05-07')];
    expect(
      reasonOf(
        given(full).when(reserve('l4'), new Date('2031-05-08T15:00:00Z')).thenRefuses('CAMPAIGN_PASSED_OVER', 'This campaign reached its weekly lead cap.'),
      ),
    ).toBe('weekly_cap');
  });

  it('starts the week on Monday at midnight in the owner’s time zone, so last week’s leads leave the weekly cap free', () => {
    const weeklyTwo = { ...everywhere, weeklyCap: 2 };
    // Monday 03:30 UTC is still Sunday 23:30 in New York: those two leads count for the week of 2031-04-28.
    const lastWeek = leadsAt(weeklyTwo, '2031-05-05T03:30:00Z', '2031-05-05T03:31:00Z');
    expect(lastWeek.filter((e) => e.type === 'LeadReserved').map((e) => (e.data as { week: string }).week)).toEqual(['2031-04-28', '2031-04-28']);
    expect(reasonOf(given(lastWeek).when(reserve('l3'), new Date('2031-05-05T03:59:59Z')).thenRefuses('CAMPAIGN_PASSED_OVER'))).toBe('weekly_cap');
    given(lastWeek)
      .when(reserve('l3'), new Date('2031-05-05T04:00:00Z'))
      .then([reserved('l3', '2031-05-05')]);
  });

  it('takes the daily cap’s last lead and passes over the next one as daily_cap, counting the owner’s day', () => {
    const dailyTwo = { ...everywhere, dailyCap: 2, weeklyCap: 10 };
    const one = leadsAt(dailyTwo, '2031-05-06T15:00:00Z');
    given(one)
      .when(reserve('l2'), now)
      .then([reserved('l2')]);
    const full = [...one, reserved('l2')];
    expect(reasonOf(given(full).when(reserve('l3'), now).thenRefuses('CAMPAIGN_PASSED_OVER', 'This campaign reached its daily lead cap.'))).toBe('daily_cap');
    // 03:59 UTC on the 7th is still the 6th in New York; 04:00 is the owner's next day.
    expect(reasonOf(given(full).when(reserve('l3'), new Date('2031-05-07T03:59:59Z')).thenRefuses('CAMPAIGN_PASSED_OVER'))).toBe('daily_cap');
    given(full)
      .when(reserve('l3'), new Date('2031-05-07T04:00:00Z'))
      .then([reserved('l3', '2031-05-07')]);
  });

  it('passes over a lead that comes at the end hour as schedule, and takes one a minute before', () => {
    const nineToFive = { ...everywhere, schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 } };
    const events = leadsAt(nineToFive);
    given(events)
      .when(reserve('l1'), new Date('2031-05-06T20:59:00Z'))
      .then([reserved('l1')]);
    expect(
      reasonOf(
        given(events)
          .when(reserve('l1'), new Date('2031-05-06T21:00:00Z'))
          .thenRefuses('CAMPAIGN_PASSED_OVER', 'The lead came outside this campaign’s buying hours.'),
      ),
    ).toBe('schedule');
  });
});
