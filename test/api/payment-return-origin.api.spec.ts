// Without PUBLIC_URL, the provider's page and the way back are on the address the agent opened
// the portal at: opened at 127.0.0.1, a payment came back to localhost (another origin, so no
// session cookie) and showed a signed-out page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VISA } from '../support/portal/demo-top-up.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';

describe('card payments on a portal without PUBLIC_URL', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    own = await startOwnPortal({ PUBLIC_URL: '' });
  });
  afterAll(async () => own?.close());

  it('sends the agent to the provider’s page and back on the origin they opened the portal at', async () => {
    const origin = new URL(own.portal.url).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { client } = await own.account();
    const started = await client.request(
      'POST',
      '/api/payments/top-up',
      { amountCents: 1_500, paymentMethodId: 'new', returnPath: '/wallet' },
      { 'idempotency-key': randomUUID() },
    );
    const { url } = (await started.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${origin}/demo-pay/cs_demo_`));
    const paid = await client.request('POST', `/api/demo-pay/sessions/${url.split('/').at(-1)!}/card`, VISA);
    expect(await paid.json()).toEqual({ status: 'succeeded', redirectUrl: `${origin}/wallet?payment=success` });

    const setup = (await (await client.request('POST', '/api/payments/setup')).json()) as { url: string };
    expect(setup.url).toMatch(new RegExp(`^${origin}/demo-pay/cs_demo_`));
    const view = (await (await client.request('GET', `/api/demo-pay/sessions/${setup.url.split('/').at(-1)!}`)).json()) as { cancelUrl: string };
    expect(view.cancelUrl).toBe(`${origin}/payment-methods?setup=cancelled`);
  });
});
