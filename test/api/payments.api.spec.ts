import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { walletStream } from '../../src/modules/wallet/contracts/wallet-events.js';
import { subscriberPassed } from '../support/async-work.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';
import { eventually } from '../support/waiting.js';

const signer = new Stripe('sk_test_signing_only');
const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

async function agentClient(): Promise<{ client: ApiClient; userId: string }> {
  const account = await freshAgent('pay');
  const client = await signedInClient(account.email, account.password);
  const { user } = (await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } };
  return { client, userId: user.id };
}

/** The agent's available balance as the top bar shows it (the wallet's read model), read with the agent's own session. */
async function balance(client: ApiClient): Promise<number> {
  const response = await client.request('GET', '/api/wallet');
  if (response.status !== 200) throw new Error(`reading the wallet failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { availableCents: number }).availableCents;
}

const topUp = (client: ApiClient, body: unknown, key: string | null = randomUUID()) =>
  client.request('POST', '/api/payments/top-up', body, key ? { 'idempotency-key': key } : {});

describe('card payments over HTTP with the demo provider', () => {
  it('refuses amounts outside $5 to $5,000 and a money request without an Idempotency-Key', async () => {
    const { client } = await agentClient();
    for (const amountCents of [499, 500_001, 12.5, '2500', null]) {
      const refused = await topUp(client, { amountCents, paymentMethodId: 'new' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'INVALID_AMOUNT', message: 'Amount must be between $5 and $5,000' });
    }
    expect((await topUp(client, { amountCents: 500, paymentMethodId: '' })).status).toBe(400);
    const keyless = await topUp(client, { amountCents: 500, paymentMethodId: 'new' }, null);
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    // The same key with the same request answers the same page; with another request, 409.
    const key = randomUUID();
    const first = (await (await topUp(client, { amountCents: 700, paymentMethodId: 'new' }, key)).json()) as { url: string };
    const again = (await (await topUp(client, { amountCents: 700, paymentMethodId: 'new' }, key)).json()) as { url: string };
    expect(again.url).toBe(first.url);
    expect((await topUp(client, { amountCents: 800, paymentMethodId: 'new' }, key)).status).toBe(409);
    expect((await client.request('GET', '/api/payments/methods')).status).toBe(200);
    // The provider's tab comes back to the page the agent started from, and only to a page of this portal.
    for (const returnPath of ['//evil.example/x', 'https://evil.example', '/campaigns?next=//x', '/../x\\y']) {
      const elsewhere = await topUp(client, { amountCents: 500, paymentMethodId: 'new', returnPath });
      expect(elsewhere.status, returnPath).toBe(400);
      expect(await elsewhere.json()).toMatchObject({ fieldErrors: [{ field: 'returnPath', message: 'The return path must be a page of this portal.' }] });
    }
    const fromCampaigns = (await (await topUp(client, { amountCents: 500, paymentMethodId: 'new', returnPath: '/campaigns' })).json()) as { url: string };
    const anonymous = new (client.constructor as new (base: string) => ApiClient)(inject('portalUrl'));
    const paid = await anonymous.request('POST', `/api/demo-pay/sessions/${fromCampaigns.url.split('/').at(-1)!}/card`, VISA);
    expect(await paid.json()).toEqual({ status: 'succeeded', redirectUrl: `${inject('portalUrl')}/campaigns?payment=success` });
    const signedOut = new (client.constructor as new (base: string) => ApiClient)(inject('portalUrl'));
    expect((await signedOut.request('GET', '/api/payments/methods')).status).toBe(401);
  });

  it('refuses a webhook with a bad signature (400) and stores nothing that could credit', async () => {
    const { client } = await agentClient();
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: 'pi_demo_x' } },
    });
    const post = (signature: string | null, body = payload, contentType = 'application/json') =>
      fetch(`${inject('portalUrl')}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });
    for (const response of [
      await post(signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_this_portal' })),
      await post('t=1,v1=abc'),
      await post(null),
      await post(signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' }), payload, 'text/plain'),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    // Other JSON routes still parse their bodies as before.
    expect((await client.request('POST', '/api/access/verify', { code: '' })).status).toBe(400);
  });

  it('saves cards, tops up from a saved card, and refuses another agent’s card with 404', async () => {
    const { client } = await agentClient();
    const save = async (number: string) => {
      const setup = await client.request('POST', '/api/payments/setup');
      const { publishableKey, url } = (await setup.json()) as { publishableKey: string; url: string };
      expect(publishableKey).toMatch(/^pk_demo_/);
      const sessionId = url.split('/').at(-1)!;
      const saved = await client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, { ...VISA, number });
      return (await saved.json()) as { status: string; redirectUrl?: string };
    };
    expect(await save('4242424242424242')).toEqual({ status: 'succeeded', redirectUrl: `${inject('portalUrl')}/payment-methods?setup=success` });
    expect(await save('5555 5555 5555 4444')).toMatchObject({ status: 'succeeded' });
    const { methods } = (await (await client.request('GET', '/api/payments/methods')).json()) as {
      methods: { id: string; last4: string; isDefault: boolean; expMonth: number; expYear: number }[];
    };
    expect(methods.map((m) => [m.last4, m.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const [visa, master] = methods;

    const paid = await topUp(client, { amountCents: 5_000, paymentMethodId: master!.id });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_demo_/) });
    // The answer sent the payment's keyed credit: the balance follows at once.
    await expect.poll(() => balance(client)).toBe(5_000);

    const other = await agentClient();
    expect((await topUp(other.client, { amountCents: 5_000, paymentMethodId: visa!.id })).status).toBe(404);
    expect((await other.client.request('POST', `/api/payments/methods/${visa!.id}/default`)).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/payments/methods/${visa!.id}`)).status).toBe(404);
    expect(await (await other.client.request('GET', '/api/payments/methods')).json()).toEqual({ methods: [] });
    // Each refusal is recorded as an unauthorized access of the agent who tried.
    const admin = await freshAdmin().then((account) => signedInClient(account.email, account.password));
    await expect
      .poll(async () => {
        const { events } = (await (await admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${other.userId}`)).json()) as {
          events: { details: { resource?: string } }[];
        };
        return events.filter((event) => event.details.resource === 'payment-method').length;
      })
      .toBe(3);

    expect((await client.request('POST', `/api/payments/methods/${master!.id}/default`)).status).toBe(200);
    expect((await client.request('DELETE', `/api/payments/methods/${master!.id}`)).status).toBe(200);
    const after = (await (await client.request('GET', '/api/payments/methods')).json()) as { methods: { last4: string; isDefault: boolean }[] };
    expect(after.methods.map((m) => [m.last4, m.isDefault])).toEqual([['4242', true]]);
    await expect.poll(() => balance(client)).toBe(5_000);
  });
});

describe('card payments over HTTP whose webhooks come after the answer (a portal of the test’s own, whose webhooks the test sees processed)', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    own = await startOwnPortal();
  });
  afterAll(() => own?.close());

  /** Waits until each webhook (type, object id) has come and been processed, and the wallet's read model has passed what they stored. */
  async function webhooksProcessed(userId: string, webhooks: readonly (readonly [string, string])[]): Promise<void> {
    await eventually(
      `the webhooks ${JSON.stringify(webhooks)} processed`,
      async () =>
        (
          await own.pool.query<{ type: string; object_id: string }>(
            `SELECT type, object_id FROM payment_webhook_events WHERE object_id = ANY($1) AND processed_at IS NOT NULL`,
            [webhooks.map(([, objectId]) => objectId)],
          )
        ).rows,
      (processed) => webhooks.every(([type, objectId]) => processed.some((row) => row.type === type && row.object_id === objectId)),
    );
    await subscriberPassed(own.pool, 'wallet-balances', walletStream(userId));
  }

  it('tops up through the hosted page and its signed webhook credits the wallet once', async () => {
    const { client, userId } = await own.account();
    const answer = await topUp(client, { amountCents: 2_500, paymentMethodId: 'new' });
    expect(answer.status).toBe(200);
    const { status, url, paymentId } = (await answer.json()) as { status: string; url: string; paymentId: string };
    expect(status).toBe('redirect');
    expect(url).toMatch(new RegExp(`^${own.portal.url}/demo-pay/cs_demo_[0-9a-f]{32}$`));
    const sessionId = url.split('/').at(-1)!;
    // The hosted page's API needs no portal session, like Stripe's.
    const anonymous = new (client.constructor as new (base: string) => ApiClient)(own.portal.url);
    expect(await (await anonymous.request('GET', `/api/demo-pay/sessions/${sessionId}`)).json()).toMatchObject({
      mode: 'payment',
      status: 'open',
      amountCents: 2_500,
    });
    const paid = await anonymous.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, VISA);
    expect(await paid.json()).toEqual({ status: 'succeeded', redirectUrl: `${own.portal.url}/profile?payment=success` });
    await expect.poll(() => balance(client)).toBe(2_500);
    // Both webhooks, each of which credits a payment not yet credited: still one credit once both are processed.
    await webhooksProcessed(userId, [
      ['checkout.session.completed', sessionId],
      ['payment_intent.succeeded', paymentId],
    ]);
    expect(await balance(client)).toBe(2_500);
  });

  it('a declined card is not saved, and a failed authentication of a saved card credits nothing', async () => {
    const { client, userId } = await own.account();
    const setup = (await (await client.request('POST', '/api/payments/setup')).json()) as { url: string };
    const sessionId = setup.url.split('/').at(-1)!;
    const declined = await client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, { ...VISA, number: '4000000000000002' });
    expect(await declined.json()).toEqual({ status: 'failed', message: 'Your card was declined.', redirectUrl: null });
    expect(await (await client.request('GET', '/api/payments/methods')).json()).toEqual({ methods: [] });
    // The authentication card saves after Authenticate; charged off-session it answers the page to authenticate on.
    expect(await (await client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, { ...VISA, number: '4000002500003155' })).json()).toEqual({
      status: 'requires_action',
    });
    expect(await (await client.request('POST', `/api/demo-pay/sessions/${sessionId}/authentication`, { outcome: 'authenticate' })).json()).toMatchObject({
      status: 'succeeded',
    });
    const { methods } = (await (await client.request('GET', '/api/payments/methods')).json()) as { methods: { id: string }[] };
    const needsAuth = await topUp(client, { amountCents: 1_000, paymentMethodId: methods[0]!.id });
    const { status, url, paymentId } = (await needsAuth.json()) as { status: string; url: string; paymentId: string };
    expect(status).toBe('redirect');
    const authSession = url.split('/').at(-1)!;
    expect(await (await client.request('POST', `/api/demo-pay/sessions/${authSession}/authentication`, { outcome: 'fail' })).json()).toMatchObject({
      status: 'failed',
    });
    await webhooksProcessed(userId, [['payment_intent.payment_failed', paymentId]]);
    expect(await balance(client)).toBe(0);
  });
});
