// Lead delivery as an agent sees it: a new agent connects an OnlySales-style webhook (a local receiver),
// Ringy (its stand-in) and an e-mail integration, buys leads and sees them delivered and logged
// within seconds; a failing endpoint retries, is turned off and e-mails the agent; the delivery
// log, resend and test-send work in the browser; no query reaches another agent's deliveries;
// no secret is ever answered or logged.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';
import { landedAfterSignIn } from '../support/portal/portal.js';
import { startRingyStandIn, type RingyStandIn } from '../support/ringy-standin.js';
import { eventually } from '../support/waiting.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const RINGY_TOKEN = 'rg_auth_token_9d8c7b6a5f4e';
type Delivery = {
  deliveryId: string;
  integrationId: string;
  provider: string;
  leadId: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
};

describe('lead delivery to the agent’s integrations', () => {
  let own: OwnPortal;
  let admin: ApiClient;
  let receiver: WebhookReceiver;
  let ringy: RingyStandIn;
  let browser: Browser;
  let postLeads: (body: unknown) => Promise<Response>;
  /** Every answer body the agents got, to look for secrets in. */
  const answers: string[] = [];
  let phones = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ringy = await startRingyStandIn();
    own = await startOwnPortal({
      OUTBOUND_ALLOW: '127.0.0.1',
      RINGY_API_BASE: ringy.apiBase,
      DELIVERY_RETRY_SECONDS: '0,0.3,0.3',
      DELIVERY_DISABLE_AFTER_SECONDS: '3',
    });
    admin = (await own.account({ role: 'admin' })).client;
    const { apiKey } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Delivery Vendor' })).json()) as { apiKey: string };
    postLeads = (body) =>
      fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(body),
      });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
    await receiver?.close();
    await ringy?.close();
  });

  const call = async (client: ApiClient, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await client.request(method, path, body, headers);
    const text = await response.text();
    answers.push(text);
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  /** Business leads in stock, for the agents' purchases. */
  async function stock(count: number, city: string) {
    const leads = Array.from({ length: count }, () => {
      const n = phones++;
      return {
        firstName: 'Dana',
        lastName: `Buyer ${n}`,
        phone: `+1727${String(4_000_000 + n).padStart(7, '0')}`,
        email: `dana${n}@example.com`,
        state: 'FL',
        zip: '33701',
        source: 'business',
        tier: 'basic',
        companyName: `Bay ${n} LLC`,
        city,
        leadSourceId: 'web',
        consent: { text: 'I agree to be contacted.', at: new Date().toISOString() },
      };
    });
    expect(((await (await postLeads({ leads })).json()) as { accepted: number }).accepted).toBe(count);
  }
  async function agentWith(cents: number): Promise<SeededAccount> {
    const agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: cents }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
    await expect.poll(async () => ((await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents).toBe(cents);
    return agent;
  }
  const buy = async (agent: SeededAccount, quantity: number, city: string) => {
    const bought = await call(
      agent.client,
      'POST',
      '/api/business-leads/purchase',
      { quantity, campaign: `${city} shops`, filters: { state: 'FL', city } },
      { 'idempotency-key': randomUUID() },
    );
    expect(bought.status).toBe(201);
  };
  const deliveries = async (agent: SeededAccount, query = '') => (await call(agent.client, 'GET', `/api/deliveries${query}`)).body.deliveries as Delivery[];
  const connect = async (agent: SeededAccount, provider: string, form: Record<string, string>) => {
    const answer = await call(agent.client, 'PUT', `/api/integrations/${provider}`, form);
    expect(answer.status).toBe(200);
    return answer.body as { integrationId: string; signingSecret?: string };
  };

  it('delivers each lead a new agent buys to OnlySales (signed), Ringy and e-mail within seconds, and logs each attempt', async () => {
    await stock(2, 'Tampa');
    const agent = await agentWith(10_000);
    const onlysales = await connect(agent, 'onlysales', { webhookUrl: `${receiver.url}/crm`, apiKey: 'os_live_key_5f1c9a77e2' });
    expect(onlysales.signingSecret).toMatch(/^whsec_/);
    receiver.secret = onlysales.signingSecret!;
    ringy.accounts.set('AC-dana-0001', RINGY_TOKEN);
    await connect(agent, 'ringy', { sid: 'AC-dana-0001', authToken: RINGY_TOKEN });
    await connect(agent, 'email', { email: 'inbox-of-dana@example.com' });
    const before = receiver.received.length;
    await buy(agent, 2, 'Tampa');

    await expect.poll(async () => (await deliveries(agent)).filter((d) => d.status === 'succeeded').length).toBe(6);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(2);
    expect(got.every((r) => r.check.valid && r.answeredStatus === 200)).toBe(true);
    expect(ringy.leads.filter((l) => l.sid === 'AC-dana-0001')).toHaveLength(2);
    const mails = await own.pool.query<{ subject: string }>(`SELECT subject FROM mail_messages WHERE to_address = 'inbox-of-dana@example.com'`);
    expect(mails.rows).toHaveLength(2);
    const leadId = (await deliveries(agent))[0]!.leadId!;
    expect((await deliveries(agent, `?leadId=${leadId}`)).map((d) => d.provider).sort()).toEqual(['email', 'onlysales', 'ringy']);
    const one = await call(agent.client, 'GET', `/api/deliveries/${(await deliveries(agent, `?leadId=${leadId}`))[0]!.deliveryId}`);
    expect(one.body.attempts).toEqual([expect.objectContaining({ attempt: 1, ok: true, trigger: 'automatic' })]);
  });

  it('retries a failing webhook, then turns the integration off, e-mails the agent and holds new leads; the page turns it back on and replays them', async () => {
    await stock(3, 'Orlando');
    const agent = await agentWith(10_000);
    const { integrationId, signingSecret } = await connect(agent, 'onlysales', { webhookUrl: `${receiver.url}/failing`, apiKey: 'os_live_key_failing_0042' });
    receiver.secret = signingSecret!;
    receiver.answer = 500;
    await buy(agent, 1, 'Orlando');
    await expect.poll(async () => (await deliveries(agent))[0]?.status).toBe('failed');
    expect((await deliveries(agent))[0]).toMatchObject({ attempts: 3, lastError: expect.stringContaining('500') });
    // The integration turns itself off at a failure once it has been failing for DELIVERY_DISABLE_AFTER_SECONDS: time that must pass.
    await eventually(
      'the integration failing for 3 s',
      async () =>
        (await own.pool.query(`SELECT 1 FROM integration_configs WHERE integration_id = $1 AND failing_since <= now() - interval '3 seconds'`, [integrationId]))
          .rowCount,
      (count) => count === 1,
    );
    await buy(agent, 1, 'Orlando');
    await expect
      .poll(async () => ((await call(agent.client, 'GET', '/api/integrations/onlysales')).body as { disabled: unknown }).disabled)
      .toMatchObject({ reason: expect.stringContaining('Deliveries have failed since') });
    await expect
      .poll(
        async () =>
          (await own.pool.query(`SELECT 1 FROM mail_messages WHERE to_address = $1 AND subject = 'Your OnlySales integration was turned off'`, [agent.email]))
            .rowCount,
      )
      .toBe(1);
    await buy(agent, 1, 'Orlando');
    // The new lead is held; the one bought before the integration was turned off may be held too,
    // when its retry was still waiting at that moment.
    await expect.poll(async () => (await deliveries(agent)).map((d) => d.status)).toEqual(expect.arrayContaining(['held']));
    // The third lead's delivery is planned by a job of its own: it may be listed a moment after the held one.
    await expect.poll(async () => (await deliveries(agent)).length).toBe(3);

    receiver.answer = 200;
    const { context, page } = await newPage(browser, { baseURL: own.portal.url, width: 1366, height: 900 });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(landedAfterSignIn);
    await page.goto('/integrations/onlysales');
    await page.getByRole('alert').getByText('its deliveries kept failing').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integration-turned-off-1366');
    await page.getByRole('button', { name: 'Turn back on…' }).click();
    await page.getByRole('button', { name: 'Turn on and send them' }).click();
    await page.getByText('OnlySales is back on').first().waitFor();
    await expect.poll(async () => (await deliveries(agent)).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    await page.getByTestId('delivery').first().waitFor();
    expect(await page.getByTestId('delivery').count()).toBe(3);

    // The log: details of an attempt with the receiver's answer, a resend, a test-send.
    await page
      .getByRole('button', { name: /^Details of the delivery of / })
      .first()
      .click();
    const details = page.getByRole('dialog');
    await details.getByText(/Attempt \d \(replayed\) · delivered/).waitFor();
    await details.getByText('{"received":true}').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const sentBefore = receiver.received.length;
    await page
      .getByRole('button', { name: /^Resend Dana / })
      .first()
      .click();
    await page.getByText('Resending').first().waitFor();
    await expect.poll(() => receiver.received.length).toBe(sentBefore + 1);
    // A resend that fails leaves the lead delivered, and the log says what the resend got.
    receiver.answer = 500;
    await page
      .getByRole('button', { name: /^Resend Dana / })
      .first()
      .click();
    const resentAndFailed = page.getByTestId('delivery').filter({ hasText: /resend failed: .*500/ });
    await resentAndFailed.waitFor();
    expect(await resentAndFailed.getByText('Delivered', { exact: true }).count()).toBe(1);
    receiver.answer = 200;
    await page.getByRole('button', { name: 'Send test lead' }).click();
    await page.getByText(/^Delivered: HTTP 200 in \d+ ms/).waitFor();
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'lead.test', data: { firstName: 'Sample' } });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'integration-delivery-log-390');
    expect(await checkPage(page)).toEqual([]);
    await context.close();
    expect(integrationId).toBeTruthy();
  });

  it('lets no agent see, resend, test, turn on or route another agent’s integration or delivery', async () => {
    await stock(1, 'Miami');
    const owner = await agentWith(1_000);
    const stranger = await agentWith(1_000);
    const { integrationId, signingSecret } = await connect(owner, 'onlysales', { webhookUrl: `${receiver.url}/owner`, apiKey: 'os_live_owner_key_7777' });
    receiver.secret = signingSecret!;
    await buy(owner, 1, 'Miami');
    await expect.poll(async () => (await deliveries(owner)).length).toBe(1);
    const [delivery] = await deliveries(owner);
    expect(await deliveries(stranger)).toEqual([]);
    expect(await deliveries(stranger, `?integrationId=${integrationId}`)).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/deliveries/${delivery!.deliveryId}`],
      ['POST', `/api/deliveries/${delivery!.deliveryId}/resend`],
      ['POST', `/api/integration-connections/${integrationId}/test`],
      ['POST', `/api/integration-connections/${integrationId}/resend-failed`, { since: new Date(0).toISOString() }],
      ['POST', `/api/integration-connections/${integrationId}/enable`, { replay: true }],
      ['GET', `/api/integration-connections/${integrationId}/destinations`],
      ['PUT', `/api/integration-connections/${integrationId}/destinations`, { sources: ['aged_leads'], campaignIds: null }],
    ] as const) {
      expect((await call(stranger.client, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Bad input is a clear 400, never a 500.
    expect(
      (await call(owner.client, 'PUT', `/api/integration-connections/${integrationId}/destinations`, { sources: ['spam'], campaignIds: null })).body,
    ).toMatchObject({ message: 'Choose sources from the list' });
    expect(
      (await call(owner.client, 'PUT', `/api/integration-connections/${integrationId}/destinations`, { sources: null, campaignIds: [randomUUID()] })).body,
    ).toMatchObject({ message: 'Choose campaigns from your own list.' });
    expect((await call(owner.client, 'GET', '/api/deliveries/not-an-id')).status).toBe(400);
    expect((await call(owner.client, 'POST', `/api/integration-connections/${integrationId}/enable`, {})).status).toBe(400);
  });

  it('allows ten test-sends a minute, however many are asked at once', async () => {
    const agent = await agentWith(100);
    const { integrationId, signingSecret } = await connect(agent, 'onlysales', { webhookUrl: `${receiver.url}/tests`, apiKey: 'os_live_key_tests_1234' });
    receiver.secret = signingSecret!;
    const statuses = await inParallel(30, async () => (await agent.client.request('POST', `/api/integration-connections/${integrationId}/test`)).status);
    expect(tally(statuses)).toEqual({ 200: 10, 429: 20 });
  });

  it('never answers or logs a secret', async () => {
    const secrets = ['os_live_key_5f1c9a77e2', 'os_live_key_failing_0042', 'os_live_owner_key_7777', RINGY_TOKEN];
    const everything = [...answers, own.portal.output()].join('\n');
    for (const secret of secrets) expect(everything.includes(secret), secret).toBe(false);
    const { rows } = await own.pool.query<{ value: string }>('SELECT value FROM integration_secrets');
    expect(rows.every((r) => r.value.startsWith('v1:'))).toBe(true);
  });
});
