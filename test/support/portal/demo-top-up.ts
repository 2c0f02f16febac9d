import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

import type { ApiClient } from './api-client.js';

export const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

/** A top-up through the demo provider's hosted page, as an agent pays it; answers the payment id the wallet is credited under. */
export async function topUpWithDemoCard(client: ApiClient, amountCents: number, card = VISA): Promise<string> {
  const started = (await (
    await client.request('POST', '/api/payments/top-up', { amountCents, paymentMethodId: 'new' }, { 'idempotency-key': randomUUID() })
  ).json()) as { url: string };
  const sessionId = started.url.split('/').at(-1)!;
  expect(await (await client.request('POST', `/api/demo-pay/sessions/${sessionId}/card`, card)).json()).toMatchObject({ status: 'succeeded' });
  let paymentId = '';
  await expect
    .poll(
      async () => {
        const { entries } = (await (await client.request('GET', '/api/wallet/ledger')).json()) as {
          entries: { type: string; amountCents: number; cause: { id: string } }[];
        };
        paymentId = entries.find((e) => e.type === 'FundsDeposited' && e.amountCents === amountCents)?.cause.id ?? '';
        return paymentId;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return paymentId;
}
