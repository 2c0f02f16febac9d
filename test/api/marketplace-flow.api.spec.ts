// The marketplace's money path end to end on a portal of its own (so no other test's campaign
// competes for its leads): a vendor posts leads through the intake API with its key, and a
// campaign whose budget is held on the agent's wallet buys the ones that match.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { fundedCampaign } from '../support/portal/funded-campaign.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { zipOf } from '../support/us-zips.js';

describe('leads posted by a vendor are bought by a matching campaign', () => {
  let own: OwnPortal;
  let admin: ApiClient;

  beforeAll(async () => {
    // The sweep of aged orders cut off mid-way runs every second here (five minutes by default).
    own = await startOwnPortal({ AGED_ORDER_SWEEP_SECONDS: '1' });
    admin = (await own.account({ role: 'admin' })).client;
  });
  afterAll(async () => own?.close());

  const lead = (state: string, phone: string) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    phone,
    email: null,
    state,
    zip: zipOf(state),
    dateOfBirth: '1958-12-09',
    tier: 'exclusive',
    consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
  });

  it('sells a lead in the campaign’s state at the table price, from the campaign’s hold, once; passes over others', async () => {
    const agent = await own.account();
    const { campaignId, postLeads: post } = await fundedCampaign(own.portal.url, admin, agent, {
      vendor: 'Flow Vendor',
      creditCents: 10_000,
      campaign: { name: 'Florida only', tier: 'exclusive', budgetCents: 5_000, targeting: { states: ['FL'] } },
    });

    const answer = await post({ leads: [lead('FL', '+14075550123'), lead('TX', '+15125550123'), lead('FL', '(407) 555-0123')] });
    expect(((await answer.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'duplicate']);

    const campaign = async () =>
      (await (await agent.client.request('GET', `/api/campaigns/${campaignId}`)).json()) as { leadCount: number; spentCents: number; budgetCents: number };
    await expect.poll(campaign).toMatchObject({ leadCount: 1, spentCents: 2_500, budgetCents: 5_000 });
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json()).toMatchObject({ availableCents: 5_000, heldCents: 2_500 });
    // The wallet explains the charge: a lead, from the campaign's hold.
    const { entries } = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as {
      entries: { type: string; amountCents: number; description: string }[];
    };
    expect(entries[0]).toMatchObject({ type: 'HoldCaptured', description: 'Lead: Grace H. (FL)' });

    // My Leads: the lead bought, searchable, exportable; nobody else's.
    const mine = (await (await agent.client.request('GET', '/api/leads')).json()) as { leads: Record<string, unknown>[]; next: string | null };
    expect(mine).toEqual({
      leads: [
        expect.objectContaining({
          firstName: 'Grace',
          lastName: 'Hopper',
          phone: '+14075550123',
          state: 'FL',
          tier: 'exclusive',
          campaignId,
          campaignName: 'Florida only',
          priceCents: 2_500,
        }),
      ],
      next: null,
    });
    expect(((await (await agent.client.request('GET', '/api/leads?search=hop')).json()) as { leads: unknown[] }).leads).toHaveLength(1);
    expect(((await (await agent.client.request('GET', '/api/leads?state=TX')).json()) as { leads: unknown[] }).leads).toHaveLength(0);
    expect((await agent.client.request('GET', '/api/leads?state=Texas')).status).toBe(400);
    const csv = await agent.client.request('GET', '/api/leads/export.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // A cell starting with + is guarded against spreadsheet formulas (platform/csv).
    expect((await csv.text()).split('\r\n')[1]).toContain(",Grace,Hopper,'+14075550123,,FL,33101,,1958-12-09,data_leads,exclusive,Florida only,25.00");
    const stranger = await own.account();
    expect(((await (await stranger.client.request('GET', '/api/leads')).json()) as { leads: unknown[] }).leads).toEqual([]);

    // "Why no leads?": the lead it bought, and the Texas lead it passed over for its states.
    const activity = (await (await agent.client.request('GET', `/api/campaigns/${campaignId}/activity`)).json()) as {
      perDay: { leads: number; spentCents: number }[];
      offers: Record<string, unknown>[];
    };
    expect(activity.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ leadState: 'FL', outcome: 'bought', priceCents: 2_500, reason: null }),
        expect.objectContaining({ leadState: 'TX', outcome: 'passed', reason: 'state' }),
      ]),
    );
    expect(activity.offers).toHaveLength(2);
    expect(activity.perDay).toHaveLength(30);
    expect(activity.perDay.at(-1)).toMatchObject({ leads: 1, spentCents: 2_500 });
    expect((await stranger.client.request('GET', `/api/campaigns/${campaignId}/activity`)).status).toBe(404);

    // Ending the campaign returns the rest; a later lead is not bought.
    expect((await agent.client.request('POST', `/api/campaigns/${campaignId}/end`)).status).toBe(200);
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json()).toMatchObject({ availableCents: 7_500, heldCents: 0 });
    const late = await post(lead('FL', '+13215550188'));
    expect(late.status).toBe(201);
    const { leadId } = (await late.json()) as { leadId: string };
    // Its allocation ends with LeadAllocated, bought or not: by then the ended campaign has been passed over.
    const allocated = async () =>
      (
        await own.pool.query<{ buyers: number }>(
          `SELECT (data->>'buyers')::int AS buyers FROM es_events WHERE event_type = 'LeadAllocated' AND data->>'leadId' = $1`,
          [leadId],
        )
      ).rows;
    await expect.poll(allocated).toEqual([{ buyers: 0 }]);
    expect(await campaign()).toMatchObject({ leadCount: 1, spentCents: 2_500 });
  });

  it('lets an admin keep the price table; a lead offered after a change costs the new price', async () => {
    const { prices } = (await (await admin.request('GET', '/api/admin/lead-prices')).json()) as {
      prices: { source: string; tier: string; priceCents: number }[];
    };
    expect(prices.map((p) => `${p.source}/${p.tier}=${p.priceCents}`)).toEqual([
      'data_leads/basic=500',
      'data_leads/premium=1000',
      'data_leads/exclusive=2500',
      'smm_leads/basic=400',
      'smm_leads/premium=800',
      'business/basic=500',
    ]);
    expect((await admin.request('PUT', '/api/admin/lead-prices/data_leads/premium', { priceCents: 1_250 })).status).toBe(200);
    expect((await admin.request('PUT', '/api/admin/lead-prices/aged_leads/basic', { priceCents: 1 })).status).toBe(404);
    expect((await admin.request('PUT', '/api/admin/lead-prices/data_leads/premium', { priceCents: 0 })).status).toBe(400);
    const agent = await own.account();
    expect((await agent.client.request('PUT', '/api/admin/lead-prices/data_leads/premium', { priceCents: 1 })).status).toBe(403);
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 5_000 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    const { campaignId } = (await (
      await agent.client.request(
        'POST',
        '/api/campaigns',
        { name: 'Premium GA', source: 'data_leads', tier: 'premium', budgetCents: 5_000, targeting: { states: ['GA'] } },
        { 'idempotency-key': randomUUID() },
      )
    ).json()) as { campaignId: string };
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Price Vendor' })).json()) as { apiKey: string };
    await fetch(`${own.portal.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ ...lead('GA', '+14045550142'), tier: 'premium' }),
    });
    await expect
      .poll(async () => (await agent.client.request('GET', `/api/campaigns/${campaignId}`)).json())
      .toMatchObject({ leadCount: 1, spentCents: 1_250 });
  });

  it('sells aged-lead packages at once from the inventory, tells before paying when fewer match, and lists them in My Leads', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Aged Vendor', sendsAgedLeads: true })).json()) as {
      apiKey: string;
    };
    const aged = (i: number) => ({
      ...lead(i % 2 === 0 ? 'FL' : 'GA', `+1321${230 + Math.floor(i / 100)}${String(i % 100).padStart(4, '0')}`),
      source: 'aged_leads',
      tier: 'business',
    });
    for (const batch of [0, 1]) {
      const items = Array.from({ length: batch === 0 ? 100 : 40 }, (_, i) => aged(batch * 100 + i));
      const answer = await fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ leads: items }),
      });
      expect(((await answer.json()) as { accepted: number }).accepted).toBe(items.length);
    }
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 1_500 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    await expect.poll(async () => ((await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents).toBe(1_500);
    const availability = (await (await agent.client.request('GET', '/api/aged-orders/availability?tier=business&states=FL,GA')).json()) as {
      available: number;
      packages: { quantity: number; priceCents: number; perLeadCents: number; whole: boolean }[];
    };
    expect(availability.available).toBe(140);
    expect(availability.packages.map((p) => [p.quantity, p.priceCents, p.perLeadCents, p.whole])).toEqual([
      [100, 1_000, 10, true],
      [525, 5_000, 10, false],
      [1_100, 10_000, 9, false],
      [4_400, 40_000, 9, false],
      [10_000, 90_000, 9, false],
    ]);
    const order = (body: Record<string, unknown>, key = randomUUID()) =>
      agent.client.request('POST', '/api/aged-orders', { tier: 'business', ...body }, { 'idempotency-key': key });

    expect(await (await order({})).json()).toMatchObject({ message: 'Please select a package for Aged Leads' });
    const key = randomUUID();
    const bought = await order({ quantity: 100 }, key);
    expect(bought.status).toBe(201);
    expect(await bought.json()).toMatchObject({ quantity: 100, priceCents: 1_000, perLeadCents: 10 });
    expect((await order({ quantity: 100 }, key)).status).toBe(201);
    // 40 left: the agent is told before paying, and may buy what there is at the per-lead price.
    const partial = await order({ quantity: 525, states: ['FL', 'GA'] });
    expect(partial.status).toBe(409);
    expect(await partial.json()).toMatchObject({ code: 'AGED_PARTIAL' });
    const tooDear = await order({ quantity: 525, acceptPartial: true });
    expect(tooDear.status).toBe(201);
    expect(await tooDear.json()).toMatchObject({ quantity: 40, priceCents: 400 });
    const none = await order({ quantity: 100 });
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ code: 'AGED_NONE_AVAILABLE' });
    await expect.poll(async () => ((await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents).toBe(100);
    await expect
      .poll(async () => {
        const first = (await (await agent.client.request('GET', '/api/leads')).json()) as {
          leads: { priceCents: number; source: string }[];
          next: string | null;
        };
        const second = first.next
          ? ((await (await agent.client.request('GET', `/api/leads?before=${encodeURIComponent(first.next)}`)).json()) as {
              leads: unknown[];
              next: string | null;
            })
          : null;
        return [first.leads.length, second?.leads.length ?? 0, first.leads.every((l) => l.source === 'aged_leads' && l.priceCents === 10)];
      })
      .toEqual([50, 50, true]);
  });

  it('refuses an aged package the balance cannot cover with the missing amount, and leaves the leads for sale', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Aged Vendor 2', sendsAgedLeads: true })).json()) as {
      apiKey: string;
    };
    const items = Array.from({ length: 100 }, (_, i) => ({
      ...lead('TX', `+1512${260 + Math.floor(i / 100)}${String(i).padStart(4, '0')}`),
      source: 'aged_leads',
      tier: 'jgs_leads',
    }));
    await fetch(`${own.portal.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ leads: items }),
    });
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 600 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    const refused = await agent.client.request('POST', '/api/aged-orders', { tier: 'jgs_leads', quantity: 100 }, { 'idempotency-key': randomUUID() });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: 'Insufficient balance. You need $4.00 more to complete this purchase.' });
    expect(((await (await agent.client.request('GET', '/api/aged-orders/availability?tier=jgs_leads')).json()) as { available: number }).available).toBe(100);
  });

  it('never sells one aged lead twice when 30 orders come at once', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Aged Vendor 3', sendsAgedLeads: true })).json()) as {
      apiKey: string;
    };
    for (let batch = 0; batch < 5; batch++) {
      const items = Array.from({ length: 100 }, (_, i) => ({
        ...lead('OH', `+1614${240 + batch}${String(i).padStart(4, '0')}`),
        source: 'aged_leads',
        tier: 'basic',
      }));
      await fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ leads: items }),
      });
    }
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 100_000 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    await expect
      .poll(async () => ((await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents)
      .toBe(100_000);
    const statuses = await inParallel(
      30,
      async () =>
        (await agent.client.request('POST', '/api/aged-orders', { tier: 'basic', quantity: 100, states: ['OH'] }, { 'idempotency-key': randomUUID() })).status,
    );
    const sold = statuses.filter((status) => status === 201).length;
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(5);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const { rows } = await own.pool.query<{ claimed: number; orders: number; charged: number }>(
      `SELECT (SELECT count(*)::int FROM aged_inventory WHERE state = 'OH' AND order_id IS NOT NULL) AS claimed,
              (SELECT count(*)::int FROM aged_orders WHERE owner_id = $1) AS orders,
              (SELECT coalesce(sum(price_cents), 0)::int FROM aged_orders WHERE owner_id = $1) AS charged`,
      [agent.userId],
    );
    expect(rows[0]).toEqual({ claimed: sold * 100, orders: sold, charged: sold * 1_000 });
    await expect
      .poll(async () => ((await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents)
      .toBe(100_000 - sold * 1_000);
  });

  it('takes a return for review: approved gives the price back to the wallet, denied says why, and each once', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Returns Vendor' })).json()) as { apiKey: string };
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 3_000 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    const { campaignId } = (await (
      await agent.client.request(
        'POST',
        '/api/campaigns',
        { name: 'Returns', source: 'data_leads', tier: 'basic', budgetCents: 3_000, targeting: { states: ['AZ'] } },
        { 'idempotency-key': randomUUID() },
      )
    ).json()) as { campaignId: string };
    for (const phone of ['+16025550177', '+16025550188']) {
      await fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ ...lead('AZ', phone), tier: 'basic' }),
      });
    }
    await expect
      .poll(async () => (await agent.client.request('GET', `/api/campaigns/${campaignId}`)).json())
      .toMatchObject({ leadCount: 2, spentCents: 1_000 });
    let leads: { leadId: string }[] = [];
    await expect
      .poll(async () => (leads = ((await (await agent.client.request('GET', '/api/leads')).json()) as { leads: { leadId: string }[] }).leads).length)
      .toBe(2);
    const [first, second] = leads.map((l) => l.leadId);
    const { reasons, windowDays } = (await (await agent.client.request('GET', '/api/leads/return-reasons')).json()) as {
      reasons: { code: string; label: string }[];
      windowDays: number;
    };
    expect(windowDays).toBe(7);
    expect(reasons.map((r) => r.label)).toEqual([
      'Bad phone numbers',
      'Duplicate',
      'Fake information',
      "Outside the campaign's states",
      'Testing',
      'Language barrier',
      'Already a customer',
      'System error',
    ]);
    const ask = (leadId: string, body: Record<string, unknown>, client = agent.client) =>
      client.request('POST', `/api/leads/${leadId}/returns`, body, { 'idempotency-key': randomUUID() });
    expect((await ask(first!, { reason: 'nope' })).status).toBe(400);
    const asked = await ask(first!, { reason: 'bad_phone', comment: 'Disconnected number' });
    expect(asked.status).toBe(201);
    const { returnId } = (await asked.json()) as { returnId: string };
    expect((await ask(first!, { reason: 'bad_phone' })).status).toBe(409);
    const stranger = await own.account();
    expect((await ask(first!, { reason: 'bad_phone' }, stranger.client)).status).toBe(404);
    const denyId = ((await (await ask(second!, { reason: 'testing' })).json()) as { returnId: string }).returnId;

    await expect
      .poll(async () =>
        ((await (await admin.request('GET', '/api/admin/lead-returns')).json()) as { returns: { returnId: string }[] }).returns.map((r) => r.returnId),
      )
      .toEqual(expect.arrayContaining([returnId, denyId]));
    const queue = (await (await admin.request('GET', '/api/admin/lead-returns')).json()) as { returns: { returnId: string }[] };
    expect(queue.returns.find((r) => r.returnId === returnId)).toMatchObject({
      leadId: first,
      ownerId: agent.userId,
      ownerEmail: agent.email,
      status: 'pending',
    });
    expect((await agent.client.request('GET', '/api/admin/lead-returns')).status).toBe(403);
    type Daily = { perDay: { leads: number; spentCents: number }[] };
    const spent = ({ perDay }: Daily) => perDay.reduce((sum, day) => sum + day.spentCents, 0);
    const dashboardNow = async () =>
      (await (await agent.client.request('GET', '/api/dashboard')).json()) as Record<string, unknown> & Daily & { byCampaign: Record<string, unknown>[] };
    const activityNow = async () => (await (await agent.client.request('GET', `/api/campaigns/${campaignId}/activity`)).json()) as Daily;
    // Asked for, not yet approved: the leads still cost what they cost.
    expect(spent(await dashboardNow())).toBe(1_000);
    expect(spent(await activityNow())).toBe(1_000);
    expect((await agent.client.request('POST', `/api/admin/lead-returns/${returnId}/approve`)).status).toBe(403);
    // The lead's owner hands it to a group member while the admin approves its return: 30 assignments and
    // unassignments race the approval, and once it is approved the lead has nobody assigned, whatever the order.
    const member = await own.account();
    const { groupId } = (await (await agent.client.request('POST', '/api/groups', { name: 'Returners' })).json()) as { groupId: string };
    expect((await agent.client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] })).status).toBe(200);
    expect((await member.client.request('POST', `/api/groups/invitations/${groupId}/accept`)).status).toBe(200);
    const assignTo = (leadId: string, assigneeId: string | null) => agent.client.request('POST', `/api/leads/${leadId}/assign`, { assigneeId });
    const assignedToMember = async () =>
      ((await (await member.client.request('GET', '/api/leads/assigned-to-me')).json()) as { leads: { leadId: string }[] }).leads.map((l) => l.leadId);
    expect((await assignTo(first!, member.userId)).status).toBe(200);
    const racing = await inParallel(31, async (i) =>
      i === 15
        ? (await admin.request('POST', `/api/admin/lead-returns/${returnId}/approve`)).status
        : (await assignTo(first!, i % 2 ? member.userId : null)).status,
    );
    expect(racing[15]).toBe(200);
    expect(racing.every((status) => status === 200 || status === 409)).toBe(true);
    expect((await admin.request('POST', `/api/admin/lead-returns/${returnId}/approve`)).status).toBe(200);
    await expect.poll(assignedToMember).not.toContain(first);
    expect((await admin.request('POST', `/api/admin/lead-returns/${denyId}/deny`, { reason: '' })).status).toBe(400);
    expect((await admin.request('POST', `/api/admin/lead-returns/${denyId}/deny`, { reason: 'Testing is not a return reason for live leads' })).status).toBe(
      200,
    );
    expect((await admin.request('POST', `/api/admin/lead-returns/${denyId}/approve`)).status).toBe(409);
    // $5 back once: $30 - $10 held... the budget's hold keeps $20, the wallet gets $5 back.
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json()).toMatchObject({ availableCents: 500, heldCents: 2_000 });
    await expect
      .poll(async () =>
        ((await (await agent.client.request('GET', '/api/leads/returns')).json()) as { returns: { status: string; denyReason: string | null }[] }).returns
          .map((r) => [r.status, r.denyReason])
          .sort(),
      )
      .toEqual([
        ['approved', null],
        ['denied', 'Testing is not a return reason for live leads'],
      ]);
    const { entries } = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string; amountCents: number }[] };
    expect(entries.filter((e) => e.type === 'LeadReturnCredited').map((e) => e.amountCents)).toEqual([500]);

    // The approved return comes off what the campaign spent and what the agent contributed; the budget's hold keeps its captures.
    await expect
      .poll(async () => (await agent.client.request('GET', `/api/campaigns/${campaignId}`)).json())
      .toMatchObject({ leadCount: 2, spentCents: 500, budgetUsedCents: 1_000, returnedCents: 500 });
    await expect.poll(async () => (await agent.client.request('GET', '/api/wallet')).json()).toMatchObject({ contributedCents: 500 });
    // A returned lead is nobody's to work: assigning it is refused with a reason; the lead kept is still assignable.
    const refused = await assignTo(first!, member.userId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'LEAD_RETURNED', message: 'This lead was returned, so it cannot be assigned.' });
    expect((await assignTo(second!, member.userId)).status).toBe(200);
    expect(await assignedToMember()).toEqual([second]);

    // The dashboard counts them: 2 leads this week, one of two returns approved; the one returned and credited cost nothing, so $5 spent at $5 a lead.
    const dashboard = await dashboardNow();
    expect(dashboard).toMatchObject({ totalLeads: 2, thisWeek: 2, avgCostCents: 500, assigned: 1, returns: { requested: 2, approved: 1, rate: 0.5 } });
    expect(dashboard.perDay).toHaveLength(30);
    expect(dashboard.perDay.reduce((sum, day) => sum + day.leads, 0)).toBe(2);
    expect(spent(dashboard)).toBe(500);
    expect(dashboard.byCampaign).toEqual([expect.objectContaining({ name: 'Returns', leads: 2, spentCents: 500, costPerLeadCents: 500 })]);
    // The campaign's spend over time agrees with its Spent figure.
    expect(spent(await activityNow())).toBe(500);
  });
  it('hands a campaign’s leads round-robin to its group, 30 at once evenly, and lets the owner reassign by hand; nobody else can', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Round-robin Vendor' })).json()) as { apiKey: string };
    const { prices } = (await (await admin.request('GET', '/api/admin/lead-prices')).json()) as {
      prices: { source: string; tier: string; priceCents: number }[];
    };
    const price = prices.find((p) => p.source === 'data_leads' && p.tier === 'premium')!.priceCents;
    const owner = await own.account();
    const members = await Promise.all([1, 2, 3].map(() => own.account()));
    // Invited alike, but one never answers and one declines: neither is in the group, so neither gets a lead.
    const [invited, decliner] = await Promise.all([own.account(), own.account()]);
    const stranger = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${owner.userId}/test-credit`, { amountCents: price * 30 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    const { groupId } = (await (await owner.client.request('POST', '/api/groups', { name: 'Closers' })).json()) as { groupId: string };
    const invitation = await owner.client.request('POST', `/api/groups/${groupId}/members`, {
      emails: [invited.email, ...members.map((m) => m.email), decliner.email],
    });
    expect(((await invitation.json()) as { members: { status: string }[] }).members.map((m) => m.status)).toEqual(Array(5).fill('invited'));
    for (const member of members) expect((await member.client.request('POST', `/api/groups/invitations/${groupId}/accept`)).status).toBe(200);
    expect((await decliner.client.request('POST', `/api/groups/invitations/${groupId}/decline`)).status).toBe(200);
    const { groupId: strangersGroup } = (await (await stranger.client.request('POST', '/api/groups', { name: 'Not yours' })).json()) as { groupId: string };

    const campaign = (groupIdToUse: string) =>
      owner.client.request(
        'POST',
        '/api/campaigns',
        {
          name: 'Washington team',
          source: 'data_leads',
          tier: 'premium',
          budgetCents: price * 30,
          targeting: { states: ['WA'], roundRobinGroupId: groupIdToUse },
        },
        { 'idempotency-key': randomUUID() },
      );
    const refused = await campaign(strangersGroup);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, 'Choose one of your groups to share the leads with.']);
    expect((await campaign(groupId)).status).toBe(201);

    const post = (i: number) =>
      fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ ...lead('WA', `+1206555${String(1000 + i)}`), tier: 'premium' }),
      });
    expect(new Set(await inParallel(30, async (i) => (await post(i)).status))).toEqual(new Set([201]));
    const assignedTo = async (member: { client: ApiClient }) =>
      ((await (await member.client.request('GET', '/api/leads/assigned-to-me')).json()) as { leads: { leadId: string; ownerEmail: string; how: string }[] })
        .leads;
    await expect.poll(async () => ((await (await owner.client.request('GET', '/api/dashboard')).json()) as { assigned: number }).assigned).toBe(30);
    // Each member got a third, each lead once.
    const given = await Promise.all(members.map(assignedTo));
    expect(given.map((leads) => leads.length)).toEqual([10, 10, 10]);
    expect(new Set(given.flat().map((l) => l.leadId)).size).toBe(30);
    expect(given[0]![0]).toMatchObject({ ownerEmail: owner.email, how: 'round_robin' });
    expect(await assignedTo(stranger)).toEqual([]);
    expect(await assignedTo(invited)).toEqual([]);
    expect(await assignedTo(decliner)).toEqual([]);

    // By hand: the owner moves one lead to the first member, then takes another back.
    const moved = given[1]![0]!.leadId;
    expect((await owner.client.request('POST', `/api/leads/${moved}/assign`, { assigneeId: members[0]!.userId })).status).toBe(200);
    expect((await assignedTo(members[0]!)).length).toBe(11);
    expect((await assignedTo(members[1]!)).length).toBe(9);
    expect((await owner.client.request('POST', `/api/leads/${moved}/assign`, { assigneeId: null })).status).toBe(200);
    expect(((await (await owner.client.request('GET', '/api/dashboard')).json()) as { assigned: number }).assigned).toBe(29);
    const mine = (await (await owner.client.request('GET', '/api/leads?state=WA')).json()) as {
      leads: { leadId: string; assigneeId: string | null; assigneeEmail: string | null }[];
    };
    expect(mine.leads.filter((l) => l.assigneeId !== null)).toHaveLength(29);
    expect(mine.leads.find((l) => l.leadId === moved)).toMatchObject({ assigneeId: null, assigneeEmail: null });

    // Someone outside the owner's groups cannot be given a lead; another agent cannot give the owner's lead away.
    const outsider = await owner.client.request('POST', `/api/leads/${moved}/assign`, { assigneeId: stranger.userId });
    expect([outsider.status, ((await outsider.json()) as { message: string }).message]).toEqual([400, 'Leads can be assigned only to members of your groups.']);
    for (const notIn of [invited, decliner]) {
      const refused = await owner.client.request('POST', `/api/leads/${moved}/assign`, { assigneeId: notIn.userId });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, 'Leads can be assigned only to members of your groups.']);
    }
    expect((await stranger.client.request('POST', `/api/leads/${moved}/assign`, { assigneeId: stranger.userId })).status).toBe(404);
    expect((await owner.client.request('POST', `/api/leads/not-a-lead/assign`, { assigneeId: null })).status).toBe(400);
    const assignees = (await (await owner.client.request('GET', '/api/leads/assignees')).json()) as { assignees: { userId: string }[] };
    expect(assignees.assignees.map((a) => a.userId).sort()).toEqual(members.map((m) => m.userId).sort());
  });
  it('finishes an aged order cut off between claiming its leads and the charge: charged once when the wallet covers it, else the leads go back', async () => {
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Cut-off Vendor', sendsAgedLeads: true })).json()) as {
      apiKey: string;
    };
    const items = Array.from({ length: 100 }, (_, i) => ({ ...lead('NV', `+1702555${String(3000 + i)}`), source: 'aged_leads', tier: 'business' }));
    const answer = await fetch(`${own.portal.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ leads: items }),
    });
    expect(((await answer.json()) as { accepted: number }).accepted).toBe(100);
    const available = async (client: ApiClient) =>
      ((await (await client.request('GET', '/api/aged-orders/availability?tier=business&states=NV')).json()) as { available: number }).available;
    const rich = await own.account();
    const poor = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${rich.userId}/test-credit`, { amountCents: 2_000 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    expect(
      (await admin.request('POST', `/api/admin/wallets/${poor.userId}/test-credit`, { amountCents: 500 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    await expect.poll(() => available(rich.client)).toBe(100);

    // What a process stopped right after the claim leaves behind: the order claimed an hour ago, its leads out of the inventory, no charge.
    const cutOff = async (ownerId: string) => {
      const orderId = randomUUID();
      await own.pool.query(
        `INSERT INTO aged_orders (order_id, owner_id, tier, states, package_quantity, quantity, price_cents, status, created_at) VALUES ($1, $2, 'business', '["NV"]', 100, 100, 1000, 'claimed', now() - interval '1 hour')`,
        [orderId, ownerId],
      );
      await own.pool.query(
        `UPDATE aged_inventory SET order_id = $1 WHERE lead_id IN (SELECT lead_id FROM aged_inventory WHERE order_id IS NULL AND tier = 'business' AND state = 'NV' LIMIT 100)`,
        [orderId],
      );
      return orderId;
    };
    const poorOrder = await cutOff(poor.userId);
    expect(await available(poor.client)).toBe(0);
    // The wallet refuses $10 of a $5 balance: the leads return to the inventory and the order is gone.
    await expect.poll(() => available(poor.client)).toBe(100);
    expect((await own.pool.query('SELECT 1 FROM aged_orders WHERE order_id = $1', [poorOrder])).rowCount).toBe(0);
    // The wallet page reads a read model: on a busy machine it may show the test credit a moment later.
    await expect.poll(async () => (await (await poor.client.request('GET', '/api/wallet')).json()) as object).toMatchObject({ availableCents: 500 });

    const richOrder = await cutOff(rich.userId);
    await expect.poll(async () => ((await (await rich.client.request('GET', '/api/leads?state=NV')).json()) as { leads: unknown[] }).leads.length).toBe(50);
    await expect.poll(async () => (await (await rich.client.request('GET', '/api/wallet')).json()) as object).toMatchObject({ availableCents: 1_000 });
    const { entries } = (await (await rich.client.request('GET', '/api/wallet/ledger')).json()) as {
      entries: { type: string; amountCents: number; description: string }[];
    };
    // Charged once, by the sweep, explained like any aged order.
    expect(entries.filter((e) => e.type === 'WalletCharged')).toEqual([
      expect.objectContaining({
        amountCents: -1_000,
        description: 'Aged leads: 100 × business',
        actor: expect.objectContaining({ type: 'system', id: 'aged-order-sweep' }),
      }),
    ]);
    expect((await own.pool.query(`SELECT status FROM aged_orders WHERE order_id = $1`, [richOrder])).rows[0]).toEqual({ status: 'placed' });
  });
});
