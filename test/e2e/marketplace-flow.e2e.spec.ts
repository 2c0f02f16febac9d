// The marketplace's money path end to end on a portal of its own (so no other test's campaign
// competes for its leads): a vendor posts leads through the intake API with its key, and a
// campaign whose budget is held on the agent's wallet buys the ones that match.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.js';
import { startOwnPortal, type OwnPortal } from './support/own-portal.js';

describe('leads posted by a vendor are bought by a matching campaign', () => {
  let own: OwnPortal;
  let admin: ApiClient;

  beforeAll(async () => {
    own = await startOwnPortal();
    admin = (await own.account({ role: 'admin' })).client;
  }, 90_000);
  afterAll(async () => own?.close());

  const lead = (state: string, phone: string) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    phone,
    email: null,
    state,
    zip: '32801',
    dateOfBirth: '1958-12-09',
    tier: 'exclusive',
    consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
  });

  it('sells a lead in the campaign’s state at the table price, from the campaign’s hold, once; passes over others', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Flow Vendor' })).json()) as { apiKey: string };
    const agent = await own.account();
    expect((await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 10_000 }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    const created = await agent.client.request(
      'POST',
      '/api/campaigns',
      { name: 'Florida only', source: 'data_leads', tier: 'exclusive', budgetCents: 5_000, targeting: { states: ['FL'] } },
      { 'idempotency-key': randomUUID() },
    );
    expect(created.status).toBe(201);
    const { campaignId } = (await created.json()) as { campaignId: string };
    const post = (body: unknown) => fetch(`${own.portal.url}/api/intake/leads`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body: JSON.stringify(body) });

    const answer = await post({ leads: [lead('FL', '+14075550123'), lead('TX', '+15125550123'), lead('FL', '(407) 555-0123')] });
    expect(((await answer.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'duplicate']);

    const campaign = async () => (await (await agent.client.request('GET', `/api/campaigns/${campaignId}`)).json()) as { leadCount: number; spentCents: number; budgetCents: number };
    await expect.poll(campaign, { timeout: 20_000 }).toMatchObject({ leadCount: 1, spentCents: 2_500, budgetCents: 5_000 });
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json(), { timeout: 20_000 }).toMatchObject({ availableCents: 5_000, heldCents: 2_500 });
    // The wallet explains the charge: a lead, from the campaign's hold.
    const { entries } = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string; amountCents: number; description: string }[] };
    expect(entries[0]).toMatchObject({ type: 'HoldCaptured', description: 'Lead: Grace H. (FL)' });

    // My Leads: the lead bought, searchable, exportable; nobody else's.
    const mine = (await (await agent.client.request('GET', '/api/leads')).json()) as { leads: Record<string, unknown>[]; next: string | null };
    expect(mine).toEqual({ leads: [expect.objectContaining({ firstName: 'Grace', lastName: 'Hopper', phone: '+14075550123', state: 'FL', tier: 'exclusive', campaignId, campaignName: 'Florida only', priceCents: 2_500 })], next: null });
    expect(((await (await agent.client.request('GET', '/api/leads?search=hop')).json()) as { leads: unknown[] }).leads).toHaveLength(1);
    expect(((await (await agent.client.request('GET', '/api/leads?state=TX')).json()) as { leads: unknown[] }).leads).toHaveLength(0);
    expect((await agent.client.request('GET', '/api/leads?state=Texas')).status).toBe(400);
    const csv = await agent.client.request('GET', '/api/leads/export.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // A cell starting with + is guarded against spreadsheet formulas (platform/csv).
    expect((await csv.text()).split('\r\n')[1]).toContain(",Grace,Hopper,'+14075550123,,FL,32801,,1958-12-09,data_leads,exclusive,Florida only,25.00");
    const stranger = await own.account();
    expect(((await (await stranger.client.request('GET', '/api/leads')).json()) as { leads: unknown[] }).leads).toEqual([]);

    // Ending the campaign returns the rest; a later lead is not bought.
    expect((await agent.client.request('POST', `/api/campaigns/${campaignId}/end`)).status).toBe(200);
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json(), { timeout: 20_000 }).toMatchObject({ availableCents: 7_500, heldCents: 0 });
    expect((await post(lead('FL', '+13215550188'))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await campaign()).toMatchObject({ leadCount: 1, spentCents: 2_500 });
  });
});
