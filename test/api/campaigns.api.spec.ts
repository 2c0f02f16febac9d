import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

type Campaign = { campaignId: string; name: string; status: string; budgetCents: number; spentCents: number; leadCount: number; statusReason: string | null };

let admin: ApiClient;
beforeAll(async () => {
  const account = await freshAdmin();
  admin = await signedInClient(account.email, account.password);
});

async function agentWith(cents: number): Promise<{ client: ApiClient; userId: string }> {
  const account = await freshAgent('camp');
  const client = await signedInClient(account.email, account.password);
  const { user } = (await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } };
  if (cents > 0) {
    const credited = await admin.request('POST', `/api/admin/wallets/${user.id}/test-credit`, { amountCents: cents }, { 'idempotency-key': randomUUID() });
    expect(credited.status).toBe(200);
  }
  return { client, userId: user.id };
}

const create = (client: ApiClient, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  client.request(
    'POST',
    '/api/campaigns',
    { name: 'Ohio families', source: 'data_leads', tier: 'basic', budgetCents: 2_000, ...body },
    key ? { 'idempotency-key': key } : {},
  );
const wallet = async (client: ApiClient) => (await (await client.request('GET', '/api/wallet')).json()) as { availableCents: number; heldCents: number };
const campaignOf = async (client: ApiClient, id: string) => (await (await client.request('GET', `/api/campaigns/${id}`)).json()) as Campaign;

describe('campaigns over HTTP', () => {
  it('creates a campaign whose budget is held on the wallet, lists it, pauses, raises, lowers and ends it', async () => {
    const { client } = await agentWith(10_000);
    const created = await create(client, { name: '  Ohio families ', budgetCents: 4_000 });
    expect(created.status).toBe(201);
    const { campaignId, status } = (await created.json()) as { campaignId: string; status: string };
    expect(status).toBe('active');
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 6_000, heldCents: 4_000 });
    await expect
      .poll(async () => ((await (await client.request('GET', '/api/campaigns')).json()) as { campaigns: Campaign[] }).campaigns)
      .toEqual([expect.objectContaining({ campaignId, name: 'Ohio families', status: 'active', budgetCents: 4_000, spentCents: 0, leadCount: 0 })]);

    expect((await client.request('POST', `/api/campaigns/${campaignId}/active`, { active: false })).status).toBe(200);
    await expect.poll(async () => (await campaignOf(client, campaignId)).status).toBe('paused');
    expect((await client.request('POST', `/api/campaigns/${campaignId}/active`, { active: true })).status).toBe(200);

    const raise = await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents: 3_000 }, { 'idempotency-key': randomUUID() });
    expect([raise.status, await raise.json()]).toEqual([200, { campaignId, status: 'raised' }]);
    await expect.poll(async () => (await campaignOf(client, campaignId)).budgetCents).toBe(7_000);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 3_000, heldCents: 7_000 });
    expect((await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents: -2_000 }, { 'idempotency-key': randomUUID() })).status).toBe(
      200,
    );
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 5_000, heldCents: 5_000 });
    const belowSpent = await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents: -6_000 }, { 'idempotency-key': randomUUID() });
    expect(belowSpent.status).toBe(409);
    expect(await belowSpent.json()).toMatchObject({ code: 'BUDGET_BELOW_SPENT' });

    expect((await client.request('POST', `/api/campaigns/${campaignId}/end`)).status).toBe(200);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 10_000, heldCents: 0 });
    await expect.poll(async () => (await campaignOf(client, campaignId)).status).toBe('ended');
    expect((await client.request('POST', `/api/campaigns/${campaignId}/active`, { active: true })).status).toBe(409);
  });

  it('refuses what the Buy Leads dialog refuses, in the spec’s words, and a budget the balance cannot cover with the missing amount', async () => {
    const { client } = await agentWith(1_500);
    const refused = async (body: Record<string, unknown>) => {
      const answer = await create(client, body);
      return { status: answer.status, body: (await answer.json()) as { code: string; message: string } };
    };
    expect(await refused({ name: '' })).toMatchObject({ status: 400, body: { message: 'Please enter budget and campaign name for Data Leads' } });
    expect(await refused({ budgetCents: 150 })).toMatchObject({ status: 400, body: { message: 'Please enter budget and campaign name for Data Leads' } });
    expect(await refused({ tier: 'jgs_leads' })).toMatchObject({ status: 400, body: { message: 'Please select a source and tier' } });
    expect((await refused({ source: 'nope' })).status).toBe(400);
    expect(await refused({ targeting: { states: ['Ohio'] } })).toMatchObject({ status: 400, body: { code: 'TARGETING_INVALID' } });
    expect(await refused({ budgetCents: 5_000 })).toMatchObject({
      status: 422,
      body: { code: 'CAMPAIGN_NOT_FUNDED', message: 'Insufficient balance. You need $35.00 more to complete this purchase.' },
    });
    expect((await create(client, {}, null)).status).toBe(400);
    // The refused campaign shows why it never ran; nothing is held.
    await expect
      .poll(async () =>
        ((await (await client.request('GET', '/api/campaigns')).json()) as { campaigns: Campaign[] }).campaigns.map((c) => [c.status, c.statusReason]),
      )
      .toEqual([['unfunded', 'Insufficient balance. You need $35.00 more to complete this purchase.']]);
    expect(await wallet(client)).toMatchObject({ availableCents: 1_500, heldCents: 0 });
  });

  it('answers a repeated request with the same campaign, and another request under that key with 409', async () => {
    const { client } = await agentWith(5_000);
    const key = randomUUID();
    const first = (await (await create(client, {}, key)).json()) as { campaignId: string };
    const again = await create(client, {}, key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect((await create(client, { budgetCents: 3_000 }, key)).status).toBe(409);
    await expect.poll(() => wallet(client)).toMatchObject({ heldCents: 2_000 });
  });

  it('funds exactly what the balance covers when 30 campaigns are created at once', async () => {
    const { client } = await agentWith(5_000);
    const statuses = await inParallel(30, async () => (await create(client, { budgetCents: 1_000 })).status);
    expect(tally(statuses)).toEqual({ 201: 5, 422: 25 });
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 0, heldCents: 5_000 });
  });

  it('pauses all running campaigns, and keeps one agent’s campaigns from another', async () => {
    const { client } = await agentWith(6_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await (await create(client, { name: `Campaign ${i}` })).json()) as { campaignId: string }).campaignId);
    await expect
      .poll(
        async () =>
          ((await (await client.request('GET', '/api/campaigns')).json()) as { campaigns: Campaign[] }).campaigns.filter((c) => c.status === 'active').length,
      )
      .toBe(3);
    const paused = await client.request('POST', '/api/campaigns/pause-all', undefined, { 'idempotency-key': randomUUID() });
    expect(await paused.json()).toEqual({ paused: 3 });
    await expect
      .poll(async () => ((await (await client.request('GET', '/api/campaigns')).json()) as { campaigns: Campaign[] }).campaigns.map((c) => c.status))
      .toEqual(['paused', 'paused', 'paused']);

    const other = await agentWith(1_000);
    expect(((await (await other.client.request('GET', '/api/campaigns')).json()) as { campaigns: Campaign[] }).campaigns).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/campaigns/${ids[0]}`, undefined],
      ['POST', `/api/campaigns/${ids[0]}/active`, { active: true }],
      ['POST', `/api/campaigns/${ids[0]}/end`, undefined],
    ] as const) {
      expect([path, (await other.client.request(method, path, body)).status]).toEqual([path, 404]);
    }
    const budget = await other.client.request('POST', `/api/campaigns/${ids[0]}/budget`, { changeCents: 100 }, { 'idempotency-key': randomUUID() });
    expect(budget.status).toBe(404);
    expect((await other.client.request('PUT', `/api/campaigns/${ids[0]}/settings`, { name: 'Mine now' })).status).toBe(404);
    expect((await client.request('GET', '/api/campaigns/not-a-uuid')).status).toBe(400);
    // Each refusal is recorded as an unauthorized access of the agent who tried.
    await expect
      .poll(async () => {
        const { events } = (await (await admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${other.userId}`)).json()) as {
          events: { details: { resource?: string } }[];
        };
        return events.filter((event) => event.details.resource === 'campaign').length;
      })
      .toBe(5);
  });

  it('gives a campaign its owner’s chosen zone when created or saved, and never moves a running one when the owner changes zone', async () => {
    const { client } = await agentWith(4_000);
    const { campaignId: before } = (await (await create(client, { name: 'Before the move' })).json()) as { campaignId: string };
    await expect.poll(async () => campaignOf(client, before)).toMatchObject({ targeting: { timeZone: 'America/New_York' } });

    expect((await client.request('PUT', '/api/profile', { timeZone: 'America/Chicago' })).status).toBe(200);
    // The running campaign keeps deciding in the zone it was saved with.
    expect(await campaignOf(client, before)).toMatchObject({ targeting: { timeZone: 'America/New_York' } });
    const { campaignId: after } = (await (await create(client, { name: 'After the move' })).json()) as { campaignId: string };
    await expect.poll(async () => campaignOf(client, after)).toMatchObject({ targeting: { timeZone: 'America/Chicago' } });

    // Saving the first one's settings moves it to the owner's zone of now, as its dialog says.
    const targeting = { states: ['FL'], dailyCap: 5, weeklyCap: 20, schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 } };
    const saved = await client.request('PUT', `/api/campaigns/${before}/settings`, { name: 'Before the move', targeting });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ targeting: { timeZone: 'America/Chicago' } });
  });

  it('renames a campaign and sets its targeting in the organisation’s time zone, refusing targeting that makes no sense in plain words', async () => {
    const { client } = await agentWith(2_000);
    const { campaignId } = (await (await create(client, { name: 'Before' })).json()) as { campaignId: string };
    // The agent chose no zone on their profile: the portal's ORG_TIME_ZONE, New York by default.
    await expect.poll(async () => campaignOf(client, campaignId)).toMatchObject({ targeting: { timeZone: 'America/New_York' } });
    const targeting = { states: ['fl', 'GA'], dailyCap: 5, weeklyCap: 20, schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 } };
    const changed = await client.request('PUT', `/api/campaigns/${campaignId}/settings`, { name: ' After ', targeting });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ targeting: { timeZone: 'America/New_York' } });
    await expect
      .poll(async () => campaignOf(client, campaignId))
      .toMatchObject({
        name: 'After',
        targeting: {
          states: ['FL', 'GA'],
          dailyCap: 5,
          weeklyCap: 20,
          schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 },
          timeZone: 'America/New_York',
        },
      });
    for (const [bad, message] of [
      [{ ...targeting, dailyCap: 30 }, 'The daily cap cannot be above the weekly cap.'],
      [{ ...targeting, states: ['Florida'] }, 'States are two-letter codes, like FL or TX.'],
      [{ ...targeting, schedule: { days: [1], fromHour: 18, toHour: 9 } }, 'The buying hours run from a start hour to a later end hour, between 0 and 24.'],
      [{ ...targeting, schedule: { days: [], fromHour: 9, toHour: 17 } }, 'Choose at least one day of the week.'],
    ] as const) {
      const refused = await client.request('PUT', `/api/campaigns/${campaignId}/settings`, { name: 'After', targeting: bad });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, message]);
    }
    const blank = await client.request('PUT', `/api/campaigns/${campaignId}/settings`, { name: '  ' });
    expect(blank.status).toBe(400);

    // A raise the wallet refuses (the whole balance is held already) is answered with the reason, and told on the campaign.
    const refused = await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents: 100_000 }, { 'idempotency-key': randomUUID() });
    expect([refused.status, await refused.json()]).toEqual([
      422,
      expect.objectContaining({ code: 'BUDGET_RAISE_REFUSED', message: expect.stringMatching(/^The budget was not raised: Insufficient balance/) }),
    ]);
    await expect
      .poll(async () => (await campaignOf(client, campaignId)).statusReason)
      .toMatch(/^The budget raise of \$1,000\.00 was refused: Insufficient balance/);
    expect(await campaignOf(client, campaignId)).toMatchObject({ status: 'active', budgetCents: 2_000 });
  });

  it('refuses a budget change that is not whole dollars with a field error on changeCents, before it uses the key up', async () => {
    const { client } = await agentWith(5_000);
    const { campaignId } = (await (await create(client, { budgetCents: 2_000 })).json()) as { campaignId: string };
    const message = 'Budget changes are whole dollars (a multiple of 100 cents), at least $1.';
    const key = randomUUID();
    for (const changeCents of [150, -150, 50, -99]) {
      const refused = await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents }, { 'idempotency-key': key });
      expect([refused.status, await refused.json()]).toEqual([
        400,
        { status: 400, code: 'BUDGET_WHOLE_DOLLARS', message, fieldErrors: [{ field: 'changeCents', message }], requestId: expect.any(String) },
      ]);
    }
    const raised = await client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents: 200 }, { 'idempotency-key': key });
    expect([raised.status, await raised.json()]).toEqual([200, { campaignId, status: 'raised' }]);
    await expect.poll(async () => (await campaignOf(client, campaignId)).budgetCents).toBe(2_200);
  });

  it('raises a campaign lowered to $0 again, and 30 raises at once hold no more than the balance, each answered with its outcome', async () => {
    const { client } = await agentWith(10_000);
    const { campaignId } = (await (await create(client, { budgetCents: 4_000 })).json()) as { campaignId: string };
    const budget = (changeCents: number) => client.request('POST', `/api/campaigns/${campaignId}/budget`, { changeCents }, { 'idempotency-key': randomUUID() });
    expect((await budget(-4_000)).status).toBe(200);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 10_000, heldCents: 0 });
    const raised = await budget(1_000);
    expect([raised.status, await raised.json()]).toEqual([200, { campaignId, status: 'raised' }]);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 9_000, heldCents: 1_000 });

    expect((await budget(-1_000)).status).toBe(200);
    // $100 available; 30 raises of $5 ask for $150: 20 fit.
    const answers = await inParallel(30, async () => {
      const answer = await budget(500);
      const body = (await answer.json()) as { status?: string | number; code?: string };
      return `${answer.status} ${body.code ?? body.status}`;
    });
    const counts = tally(answers);
    expect(Object.keys(counts).every((answer) => ['200 raised', '200 raise requested', '422 BUDGET_RAISE_REFUSED'].includes(answer))).toBe(true);
    expect(counts['200 raised'] ?? 0).toBeLessThanOrEqual(20);
    expect(counts['422 BUDGET_RAISE_REFUSED'] ?? 0).toBeLessThanOrEqual(10);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 0, heldCents: 10_000 });
    await expect.poll(async () => (await campaignOf(client, campaignId)).budgetCents).toBe(10_000);
  });
});
