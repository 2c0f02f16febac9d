// Every endpoint that keeps its answer under an Idempotency-Key answers a repeat of the
// request with the very bytes it answered the first time (the order of the keys included),
// on a portal of its own so no other test's order takes the aged and business inventory.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { importAgedCsv } from '../support/portal/aged-import.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { topUpWithDemoCard } from '../support/portal/demo-top-up.js';
import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';
import { zipOf } from '../support/us-zips.js';

describe('a replayed answer is byte-identical to the first', () => {
  let own: OwnPortal;
  let admin: SeededAccount;
  let agent: SeededAccount;
  let phones = 0;
  const phone = () => `+1813${String(4_000_000 + phones++).padStart(7, '0')}`;

  beforeAll(async () => {
    own = await startOwnPortal();
    admin = await own.account({ role: 'admin' });
    agent = await own.account();
    const { vendorId, apiKey } = (await (await admin.client.request('POST', '/api/admin/lead-vendors', { name: 'Replay Vendor' })).json()) as {
      vendorId: string;
      apiKey: string;
    };
    const consent = { text: 'I agree to be contacted about health coverage.', at: new Date(Date.now() - 86_400_000).toISOString() };
    const businessLeads = Array.from({ length: 5 }, (_, i) => ({
      firstName: 'Ada',
      lastName: `Owner ${i}`,
      phone: phone(),
      email: null,
      state: 'OH',
      zip: zipOf('OH'),
      source: 'business',
      tier: 'basic',
      companyName: `Acme ${i} LLC`,
      city: 'Columbus',
      leadSourceId: 'google-maps',
      consent,
    }));
    const intake = await fetch(`${own.portal.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ leads: businessLeads }),
    });
    expect(((await intake.json()) as { accepted: number }).accepted).toBe(5);
    expect((await admin.client.request('PUT', '/api/admin/lead-prices/business/basic', { priceCents: 300 })).status).toBe(200);
    const header = 'firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId';
    const rows = ['basic', 'jgs_leads'].flatMap((tier) =>
      Array.from({ length: 5 }, () => `Ben,Aged,${phone()},,OH,43004,,67,${tier},I agree to be contacted.,${consent.at},`),
    );
    expect((await importAgedCsv(admin.client, vendorId, [header, ...rows].join('\n'))).imported).toBe(10);
    expect(
      (await admin.client.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 50_000 }, { 'idempotency-key': randomUUID() }))
        .status,
    ).toBe(200);
    expect(
      (await admin.client.request('POST', `/api/admin/wallets/${admin.userId}/test-credit`, { amountCents: 5_000 }, { 'idempotency-key': randomUUID() }))
        .status,
    ).toBe(200);
  });
  afterAll(async () => own?.close());

  /** The request sent twice under one key: both answers' status, content type and exact text. */
  async function twice(client: ApiClient, path: string, body: unknown): Promise<[string, string]> {
    const key = randomUUID();
    const answers: string[] = [];
    for (let time = 0; time < 2; time++) {
      const response = await client.request('POST', path, body, { 'idempotency-key': key });
      answers.push(`${response.status} ${response.headers.get('content-type')} ${await response.text()}`);
    }
    expect(answers[0]).toMatch(/^20[01] application\/json; charset=utf-8 \{/);
    return answers as [string, string];
  }
  const expectReplayed = ([first, replay]: [string, string]) => expect(replay).toBe(first);

  it('creating a campaign, and changing its budget', async () => {
    const created = await twice(agent.client, '/api/campaigns', { name: 'Replayed', source: 'data_leads', tier: 'basic', budgetCents: 1_000 });
    expectReplayed(created);
    const { campaignId } = JSON.parse(created[0].slice(created[0].indexOf('{'))) as { campaignId: string };
    expectReplayed(await twice(agent.client, `/api/campaigns/${campaignId}/budget`, { changeCents: 500 }));
    expectReplayed(await twice(agent.client, `/api/campaigns/${campaignId}/budget`, { changeCents: -500 }));
  });

  it('buying aged leads, business leads, and aged leads for an agent (admins)', async () => {
    expectReplayed(await twice(agent.client, '/api/aged-orders', { tier: 'basic', quantity: 100, states: ['OH'], acceptPartial: true }));
    expectReplayed(await twice(agent.client, '/api/business-leads/purchase', { quantity: 2, campaign: 'Replayed', filters: { state: 'OH' } }));
    // This endpoint's key is the external transaction id, in the body.
    const inquiry = { agentEmail: agent.email, quantity: 2, tier: 'jgsheet', states: ['OH'], transactionId: `INQ-${randomUUID()}` };
    const answers: string[] = [];
    for (let time = 0; time < 2; time++) {
      const response = await admin.client.request('POST', '/api/admin/aged-leads/inquiry-purchase', inquiry);
      answers.push(`${response.status} ${response.headers.get('content-type')} ${await response.text()}`);
    }
    expect(answers[0]).toMatch(/^201 application\/json; charset=utf-8 \{/);
    expect(answers[1]).toBe(answers[0]);
  });

  it("the wallet's transfers, test credit, adjustments and refunds", async () => {
    expectReplayed(await twice(admin.client, '/api/wallet/transfers', { amountCents: 100, recipientEmail: agent.email, description: 'replayed' }));
    expectReplayed(await twice(admin.client, `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 100 }));
    expectReplayed(await twice(admin.client, `/api/admin/wallets/${agent.userId}/adjustments`, { direction: 'credit', amountCents: 100, reason: 'replayed' }));
    const paymentId = await topUpWithDemoCard(agent.client, 1_000);
    expectReplayed(await twice(admin.client, `/api/admin/wallets/${agent.userId}/refunds`, { paymentId, amountCents: 500 }));
  });
});
