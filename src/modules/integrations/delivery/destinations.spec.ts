import { describe, expect, it } from 'vitest';

import { destinationsOf, destinationsSchema, EVERY_LEAD, routes } from './destinations.js';

const campaignA = '11111111-1111-4111-8111-111111111111';
const campaignB = '22222222-2222-4222-8222-222222222222';

describe('destinations', () => {
  it('sends every lead when nothing is chosen', () => {
    expect(routes(EVERY_LEAD, { source: 'data_leads', campaignId: campaignA })).toBe(true);
    expect(routes(EVERY_LEAD, { source: 'assigned', campaignId: null })).toBe(true);
  });

  it('sends only the chosen sources', () => {
    const aged = { sources: ['aged_leads' as const], campaignIds: null };
    expect(routes(aged, { source: 'aged_leads', campaignId: null })).toBe(true);
    expect(routes(aged, { source: 'data_leads', campaignId: campaignA })).toBe(false);
  });

  it('narrows campaign leads to the chosen campaigns, leaving the other sources alone', () => {
    const onlyA = { sources: null, campaignIds: [campaignA] };
    expect(routes(onlyA, { source: 'data_leads', campaignId: campaignA })).toBe(true);
    expect(routes(onlyA, { source: 'data_leads', campaignId: campaignB })).toBe(false);
    expect(routes(onlyA, { source: 'business_leads', campaignId: null })).toBe(true);
    expect(routes({ sources: null, campaignIds: [] }, { source: 'data_leads', campaignId: campaignA })).toBe(false);
  });

  it('reads what is stored, and anything unreadable as every lead', () => {
    expect(destinationsOf({})).toEqual(EVERY_LEAD);
    expect(destinationsOf(null)).toEqual(EVERY_LEAD);
    expect(destinationsOf({ sources: ['nonsense'] })).toEqual(EVERY_LEAD);
    expect(destinationsOf({ sources: ['aged_leads'] })).toEqual({ sources: ['aged_leads'], campaignIds: null });
  });

  it('refuses unknown sources and malformed campaign ids with a message', () => {
    expect(destinationsSchema.safeParse({ sources: ['spam'], campaignIds: null }).error?.issues[0]?.message).toBe('Choose sources from the list');
    expect(destinationsSchema.safeParse({ sources: null, campaignIds: ['x'] }).error?.issues[0]?.message).toBe('Choose campaigns from the list');
    expect(destinationsSchema.parse({ sources: ['aged_leads', 'aged_leads'], campaignIds: null }).sources).toEqual(['aged_leads']);
  });
});
