// The testing page's lead purchases as API endpoints, on a portal of its own (so no other
// test's order competes for its inventory): purchase-business-leads, get-my-business-leads
// and purchase-inquery-aged-leads (admins, for an agent).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { zipOf } from '../support/us-zips.js';

type Answer = { status: number; body: Record<string, unknown> & { fieldErrors?: { field: string; message: string }[] } };

describe('business leads and InQuery aged leads, bought over the API', () => {
  let own: OwnPortal;
  let admin: ApiClient;
  let adminId: string;
  let post: (body: unknown) => Promise<Response>;
  // Every lead gets its own phone number: the same number within 30 days is a duplicate, never sold.
  let phones = 0;
  const phone = () => `+1813${String(3_000_000 + phones++).padStart(7, '0')}`;

  beforeAll(async () => {
    own = await startOwnPortal();
    const account = await own.account({ role: 'admin' });
    admin = account.client;
    adminId = account.userId;
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Business Vendor', sendsAgedLeads: true })).json()) as {
      apiKey: string;
    };
    post = (body) =>
      fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(body),
      });
  });
  afterAll(async () => own?.close());

  const consent = () => ({ text: 'I agree to be contacted about business health coverage.', at: new Date().toISOString() });
  const businessLead = (state: string, city: string, i = phones) => ({
    firstName: 'Ada',
    lastName: `Owner ${i}`,
    phone: phone(),
    email: null,
    state,
    zip: zipOf(state),
    source: 'business',
    tier: 'basic',
    companyName: `Acme ${i} LLC`,
    city,
    leadSourceId: 'google-maps',
    consent: consent(),
  });
  async function stock(count: number, state: string, city: string): Promise<void> {
    for (let done = 0; done < count; done += 100) {
      const leads = Array.from({ length: Math.min(100, count - done) }, () => businessLead(state, city));
      const answer = (await (await post({ leads })).json()) as { accepted: number };
      expect(answer.accepted).toBe(leads.length);
    }
  }
  async function agentWith(cents: number) {
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: cents }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    await expect.poll(() => availableOf(agent.client)).toBe(cents);
    return agent;
  }
  const availableOf = async (client: ApiClient) => ((await (await client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents;
  const answerOf = async (response: Promise<Response>): Promise<Answer> => {
    const done = await response;
    return { status: done.status, body: (await done.json()) as Answer['body'] };
  };
  const purchase = (client: ApiClient, body: unknown, key: string | null = randomUUID()) =>
    answerOf(client.request('POST', '/api/business-leads/purchase', body, key === null ? {} : { 'idempotency-key': key }));
  /** The price table's price per business lead, as an admin sets it on the Lead Prices page. */
  const priceBusinessLeads = async (priceCents: number) =>
    expect((await admin.request('PUT', '/api/admin/lead-prices/business/basic', { priceCents })).status).toBe(200);
  const myBusinessLeads = async (client: ApiClient) =>
    (await (await client.request('GET', '/api/business-leads')).json()) as { success: boolean; leads: Record<string, unknown>[] };

  it('sells business leads matching the state and city at the price table’s price, once per Idempotency-Key, and lists them for their buyer only', async () => {
    await stock(5, 'FL', 'Tampa');
    await stock(3, 'GA', 'Atlanta');
    await priceBusinessLeads(250);
    const agent = await agentWith(10_000);
    const body = { quantity: 3, campaign: 'Tampa roofers', filters: { state: 'fl', city: 'tampa' } };
    // An agent cannot name their own price: that is the admins' testing page.
    expect(await purchase(agent.client, { ...body, pricePerLeadCents: 1 })).toMatchObject({ status: 403, body: { code: 'PRICE_SET_BY_ADMINS' } });
    const key = randomUUID();
    const bought = await purchase(agent.client, body, key);
    expect(bought).toEqual({
      status: 201,
      body: { success: true, orderId: expect.any(String), quantity: 3, priceCents: 750, perLeadCents: 250, campaign: 'Tampa roofers' },
    });
    // The same request again is the same answer and buys nothing; the key on another request is refused.
    expect(await purchase(agent.client, body, key)).toEqual(bought);
    expect(await purchase(agent.client, { ...body, quantity: 2 }, key)).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await purchase(agent.client, body, null)).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    await expect.poll(() => availableOf(agent.client)).toBe(9_250);
    const { entries } = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as {
      entries: { type: string; amountCents: number; description: string }[];
    };
    expect(entries[0]).toMatchObject({ type: 'WalletCharged', description: 'Business leads: 3 for Tampa roofers at $2.50 each' });

    await expect.poll(async () => (await myBusinessLeads(agent.client)).leads.length).toBe(3);
    const mine = await myBusinessLeads(agent.client);
    expect(mine.success).toBe(true);
    for (const lead of mine.leads) {
      expect(lead).toMatchObject({
        companyName: expect.stringMatching(/^Acme \d+ LLC$/),
        city: 'Tampa',
        state: 'FL',
        leadSourceId: 'google-maps',
        campaign: 'Tampa roofers',
        priceCents: 250,
        firstName: 'Ada',
      });
    }
    // My Leads lists them too, as business leads; like aged leads, they are sold as they are.
    const myLeads = (await (await agent.client.request('GET', '/api/leads?source=business')).json()) as { leads: { leadId: string }[] };
    expect(myLeads.leads).toHaveLength(3);
    const returned = await agent.client.request(
      'POST',
      `/api/leads/${myLeads.leads[0]!.leadId}/returns`,
      { reason: 'bad_phone', comment: '' },
      { 'idempotency-key': randomUUID() },
    );
    expect(returned.status).toBe(409);
    expect(await returned.json()).toMatchObject({ message: 'Business leads are sold as they are and cannot be returned.' });
    // Another agent sees none of them; the aged inventory has none of them.
    const stranger = await own.account();
    expect(await myBusinessLeads(stranger.client)).toEqual({ success: true, leads: [] });
    expect((await stranger.client.request('GET', '/api/business-leads')).status).toBe(200);
    expect(((await (await agent.client.request('GET', '/api/aged-orders/availability?tier=basic')).json()) as { available: number }).available).toBe(0);
    // Signed out: no data.
    expect((await fetch(`${own.portal.url}/api/business-leads`)).status).toBe(401);

    // An admin may name the price (the testing page); the wallet line says so.
    expect((await admin.request('POST', `/api/admin/wallets/${adminId}/test-credit`, { amountCents: 100 }, { 'idempotency-key': randomUUID() })).status).toBe(
      200,
    );
    await expect.poll(() => availableOf(admin)).toBeGreaterThanOrEqual(100);
    const before = await availableOf(admin);
    expect(await purchase(admin, { ...body, quantity: 2, pricePerLeadCents: 1 })).toMatchObject({ status: 201, body: { quantity: 2, priceCents: 2 } });
    await expect.poll(() => availableOf(admin)).toBe(before - 2);
    const adminLedger = (await (await admin.request('GET', '/api/wallet/ledger')).json()) as { entries: { description: string }[] };
    expect(adminLedger.entries[0]!.description).toBe('Business leads: 2 for Tampa roofers at $0.01 each, price set by an admin');
  });

  it('refuses every bad purchase with a 400 naming the field, before anything is charged', async () => {
    const agent = await agentWith(1_000);
    const valid = { quantity: 1, campaign: 'Checks', filters: { state: 'FL', city: 'Tampa' } };
    const QUANTITY = 'Quantity must be a whole number from 1 to 1,000';
    const PRICE = 'Price per lead must be whole cents from 1 ($0.01) to 10000 ($100.00)';
    const STATE = 'State must be a two-letter US state code';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: undefined }, 'quantity', QUANTITY],
      [{ quantity: 0 }, 'quantity', QUANTITY],
      [{ quantity: 1_001 }, 'quantity', QUANTITY],
      [{ quantity: 2.5 }, 'quantity', QUANTITY],
      [{ quantity: '5' }, 'quantity', QUANTITY],
      [{ pricePerLeadCents: 0 }, 'pricePerLeadCents', PRICE],
      [{ pricePerLeadCents: 10_001 }, 'pricePerLeadCents', PRICE],
      [{ pricePerLeadCents: 0.5 }, 'pricePerLeadCents', PRICE],
      [{ campaign: undefined }, 'campaign', 'Campaign name is required'],
      [{ campaign: '   ' }, 'campaign', 'Campaign name is required'],
      [{ campaign: 'x'.repeat(101) }, 'campaign', 'Campaign name is at most 100 characters'],
      [{ filters: { state: 'Florida' } }, 'filters.state', STATE],
      [{ filters: { state: 'XX' } }, 'filters.state', STATE],
      [{ filters: { state: 12 } }, 'filters.state', STATE],
      [{ filters: { city: 'y'.repeat(101) } }, 'filters.city', 'City is at most 100 characters'],
      [{ filters: 'FL' }, 'filters', 'Filters are an object with state and city'],
      [{ acceptPartial: 'yes' }, 'acceptPartial', 'acceptPartial must be true or false'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await purchase(agent.client, { ...valid, ...change });
      expect({ change, status: answer.status, fieldErrors: answer.body.fieldErrors }).toEqual({
        change,
        status: 400,
        fieldErrors: expect.arrayContaining([{ field, message }]),
      });
    }
    expect((await purchase(agent.client, [])).status).toBe(400);
    expect(await availableOf(agent.client)).toBe(1_000);
    // The edges are allowed: $0.01 and $100 a lead (an admin's), 1,000 leads (none match here, which is said, not charged).
    for (const [client, edge] of [
      [admin, { pricePerLeadCents: 1 }],
      [admin, { pricePerLeadCents: 10_000 }],
      [agent.client, { quantity: 1_000 }],
    ] as const) {
      expect(await purchase(client, { ...valid, filters: { state: 'WY', city: 'Nowhere' }, ...edge })).toMatchObject({
        status: 409,
        body: { code: 'BUSINESS_NONE_AVAILABLE' },
      });
    }
  });

  it('says how many match before charging when fewer than asked, and sells those when the agent accepts', async () => {
    await stock(4, 'TX', 'Austin');
    await priceBusinessLeads(300);
    const agent = await agentWith(5_000);
    const ask = { quantity: 10, campaign: 'Austin', filters: { state: 'TX', city: 'AUSTIN' } };
    const partial = await purchase(agent.client, ask);
    expect(partial).toMatchObject({
      status: 409,
      body: { code: 'BUSINESS_PARTIAL', message: 'Only 4 business leads match. You can buy them at $3.00 each.', available: 4, priceCents: 1_200 },
    });
    expect(await availableOf(agent.client)).toBe(5_000);
    const accepted = await purchase(agent.client, { ...ask, acceptPartial: true });
    expect(accepted).toMatchObject({ status: 201, body: { quantity: 4, priceCents: 1_200, perLeadCents: 300 } });
    expect(await purchase(agent.client, ask)).toMatchObject({
      status: 409,
      body: { code: 'BUSINESS_NONE_AVAILABLE', message: 'No business leads match this state and city right now.' },
    });
    await expect.poll(() => availableOf(agent.client)).toBe(3_800);
    await expect.poll(async () => (await myBusinessLeads(agent.client)).leads.length).toBe(4);
  });

  it('refuses a purchase the balance cannot cover with the missing amount, and leaves the leads for sale', async () => {
    await stock(3, 'OR', 'Salem');
    await priceBusinessLeads(300);
    const agent = await agentWith(500);
    const ask = { quantity: 3, campaign: 'Salem', filters: { state: 'OR', city: 'Salem' } };
    expect(await purchase(agent.client, ask)).toMatchObject({
      status: 422,
      body: { message: 'Insufficient balance. You need $4.00 more to complete this purchase.' },
    });
    expect(await availableOf(agent.client)).toBe(500);
    await priceBusinessLeads(150);
    expect(await purchase(agent.client, ask)).toMatchObject({ status: 201, body: { quantity: 3, priceCents: 450 } });
    await expect.poll(() => availableOf(agent.client)).toBe(50);
  });

  it('never sells one business lead twice nor takes a wallet below zero when 40 purchases come at once', async () => {
    await stock(40, 'NV', 'Reno');
    const rich = await agentWith(100_000);
    const poor = await agentWith(1_500);
    await priceBusinessLeads(100);
    const ask = { quantity: 5, campaign: 'Reno rush', filters: { state: 'NV', city: 'Reno' } };
    const answers = await inParallel(40, async (i) => ({
      buyer: i % 2 === 0 ? 'rich' : 'poor',
      status: (await purchase(i % 2 === 0 ? rich.client : poor.client, ask)).status,
    }));
    const sold = (buyer: string) => answers.filter((a) => a.buyer === buyer && a.status === 201).length;
    expect(Object.keys(tally(answers.map((a) => a.status))).every((status) => ['201', '409', '422'].includes(status))).toBe(true);
    expect(sold('rich') + sold('poor')).toBeGreaterThan(0);
    expect((sold('rich') + sold('poor')) * 5).toBeLessThanOrEqual(40);
    expect(sold('poor')).toBeLessThanOrEqual(3);
    await expect.poll(() => availableOf(poor.client)).toBe(1_500 - sold('poor') * 500);
    await expect.poll(() => availableOf(rich.client)).toBe(100_000 - sold('rich') * 500);
    const { rows } = await own.pool.query<{ claimed: number; distinct: number }>(
      `SELECT count(*)::int AS claimed, count(DISTINCT lead_id)::int AS distinct FROM aged_inventory WHERE kind = 'business' AND state = 'NV' AND order_id IS NOT NULL`,
    );
    expect(rows[0]).toEqual({ claimed: (sold('rich') + sold('poor')) * 5, distinct: (sold('rich') + sold('poor')) * 5 });
    await expect
      .poll(async () => {
        const ids = [...(await myBusinessLeads(rich.client)).leads, ...(await myBusinessLeads(poor.client)).leads].map((lead) => lead.leadId);
        return { leads: ids.length, distinct: new Set(ids).size };
      })
      .toEqual({ leads: (sold('rich') + sold('poor')) * 5, distinct: (sold('rich') + sold('poor')) * 5 });
  });

  describe('purchase-inquery-aged-leads (admins, for an agent)', () => {
    const inquiry = (client: ApiClient, body: unknown) => answerOf(client.request('POST', '/api/admin/aged-leads/inquiry-purchase', body));
    const agedLead = () => ({
      firstName: 'Ben',
      lastName: 'Aged',
      phone: phone(),
      email: null,
      state: 'OH',
      zip: '43004',
      dateOfBirth: '1960-02-01',
      source: 'aged_leads',
      tier: 'jgs_leads',
      consent: consent(),
    });

    it('charges the named agent for aged leads with the admin as the actor, once per transaction id', async () => {
      for (const size of [100, 20])
        expect(((await (await post({ leads: Array.from({ length: size }, agedLead) })).json()) as { accepted: number }).accepted).toBe(size);
      const agent = await agentWith(5_000);
      const transactionId = `INQ-${randomUUID()}`;
      const body = { agentEmail: agent.email.toUpperCase(), quantity: 110, tier: 'jgsheet', states: ['oh'], transactionId };
      const bought = await inquiry(admin, body);
      // 110 leads reach the 100-lead package: 10 cents each.
      expect(bought).toEqual({
        status: 201,
        body: {
          success: true,
          orderId: expect.any(String),
          quantity: 110,
          priceCents: 1_100,
          perLeadCents: 10,
          agentEmail: agent.email,
          tier: 'jgsheet',
          transactionId,
        },
      });
      expect(await inquiry(admin, body)).toEqual(bought);
      expect(await inquiry(admin, { ...body, quantity: 5 })).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
      await expect.poll(() => availableOf(agent.client)).toBe(3_900);
      const { rows } = await own.pool.query<{ actor: { type: string; id: string }; userId: string }>(
        `SELECT metadata->'actor' AS actor, data->>'userId' AS "userId" FROM es_events WHERE event_type = 'WalletCharged' AND data->>'chargeId' = $1`,
        [(bought.body as { orderId: string }).orderId],
      );
      expect(rows).toEqual([{ actor: { type: 'user', id: adminId }, userId: agent.userId }]);
      await expect
        .poll(async () => ((await (await agent.client.request('GET', '/api/leads?source=aged_leads')).json()) as { leads: unknown[] }).leads.length)
        .toBe(50);
      // The aged tier buys the basic aged inventory, of which Ohio has none; the rest of Ohio's jgsheet leads are offered first.
      expect(await inquiry(admin, { ...body, tier: 'aged', transactionId: `INQ-${randomUUID()}` })).toMatchObject({
        status: 409,
        body: { code: 'AGED_NONE_AVAILABLE' },
      });
      expect(await inquiry(admin, { ...body, quantity: 20, transactionId: `INQ-${randomUUID()}` })).toMatchObject({
        status: 409,
        body: { code: 'AGED_PARTIAL', available: 10, priceCents: 100 },
      });
    });

    it('is for admins only', async () => {
      const agent = await own.account();
      const body = { agentEmail: agent.email, quantity: 1, tier: 'aged', states: [], transactionId: `INQ-${randomUUID()}` };
      expect(await inquiry(agent.client, body)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      expect(
        (
          await fetch(`${own.portal.url}/api/admin/aged-leads/inquiry-purchase`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      ).toBe(401);
    });

    it('refuses every bad order with a 400 naming the field', async () => {
      const agent = await own.account();
      const valid = { agentEmail: agent.email, quantity: 1, tier: 'aged', states: ['FL'], transactionId: `INQ-${randomUUID()}` };
      const QUANTITY = 'Quantity must be a whole number from 1 to 70,000';
      const cases: [Record<string, unknown>, string, string][] = [
        [{ agentEmail: undefined }, 'agentEmail', 'Agent e-mail is required'],
        [{ agentEmail: 'not-an-address' }, 'agentEmail', 'Agent e-mail must be an e-mail address'],
        [{ agentEmail: 'nobody@own-portal.test' }, 'agentEmail', 'No agent has this e-mail address'],
        [{ quantity: 0 }, 'quantity', QUANTITY],
        [{ quantity: 70_001 }, 'quantity', QUANTITY],
        [{ quantity: 1.5 }, 'quantity', QUANTITY],
        [{ tier: 'gold' }, 'tier', 'Tier must be aged or jgsheet'],
        [{ tier: undefined }, 'tier', 'Tier must be aged or jgsheet'],
        [{ states: ['Florida'] }, 'states.0', 'States are two-letter US state codes'],
        [{ states: 'FL' }, 'states', 'States are a list of two-letter US state codes'],
        [{ transactionId: undefined }, 'transactionId', 'Transaction id is required'],
        [{ transactionId: ' ' }, 'transactionId', 'Transaction id is required'],
        [{ transactionId: 'z'.repeat(256) }, 'transactionId', 'Transaction id is at most 255 characters'],
      ];
      for (const [change, field, message] of cases) {
        const answer = await inquiry(admin, { ...valid, ...change });
        expect({ change, status: answer.status, fieldErrors: answer.body.fieldErrors }).toEqual({
          change,
          status: 400,
          fieldErrors: expect.arrayContaining([{ field, message }]),
        });
      }
      // 70,000 is allowed (none match: said, not charged).
      expect(await inquiry(admin, { ...valid, quantity: 70_000 })).toMatchObject({ status: 409, body: { code: 'AGED_NONE_AVAILABLE' } });
    });
  });

  it('takes a business lead at intake only with its company and city', async () => {
    const { companyName: _company, city: _city, ...bare } = businessLead('FL', 'Tampa');
    const refused = await answerOf(post(bare));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'companyName', message: 'Company name is required for a business lead' },
        { field: 'city', message: 'City is required for a business lead' },
      ]),
    );
  });
});
