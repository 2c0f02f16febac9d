// A refund reserves its amount on the wallet before the card provider is asked: spends racing
// it cannot take that money meanwhile, so only a refund the admin confirmed makes debt.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { topUpWithDemoCard } from '../support/portal/demo-top-up.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

type Wallet = { availableCents: number; heldCents: number; debtCents: number };

let admin: ApiClient;
beforeAll(async () => {
  const account = await freshAdmin();
  admin = await signedInClient(account.email, account.password);
});

async function agent(): Promise<{ client: ApiClient; userId: string }> {
  const account = await freshAgent('refund');
  const client = await signedInClient(account.email, account.password);
  const { user } = (await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } };
  return { client, userId: user.id };
}
const walletOf = async (client: ApiClient) => (await (await client.request('GET', '/api/wallet')).json()) as Wallet;

describe('refunds racing spends', () => {
  it('never puts a wallet into debt without confirmDebt: 3 refunds of $50 and 27 debits of $5 at once on $150', async () => {
    const { client, userId } = await agent();
    const paymentId = await topUpWithDemoCard(client, 15_000);
    await expect.poll(() => walletOf(client)).toMatchObject({ availableCents: 15_000 });

    const answers = await inParallel(30, async (i) => {
      const refund = i % 10 === 0;
      const answer = refund
        ? await admin.request('POST', `/api/admin/wallets/${userId}/refunds`, { paymentId, amountCents: 5_000 }, { 'idempotency-key': randomUUID() })
        : await admin.request(
            'POST',
            `/api/admin/wallets/${userId}/adjustments`,
            { direction: 'debit', amountCents: 500, reason: 'Race test debit' },
            { 'idempotency-key': randomUUID() },
          );
      const body = (await answer.json()) as { code?: string };
      return { kind: refund ? 'refund' : 'debit', outcome: `${answer.status}${body.code ? ` ${body.code}` : ''}` };
    });
    const refunds = tally(answers.filter((a) => a.kind === 'refund').map((a) => a.outcome));
    const debits = tally(answers.filter((a) => a.kind === 'debit').map((a) => a.outcome));
    expect(Object.keys(refunds).every((outcome) => ['200', '409 REFUND_NEEDS_DEBT'].includes(outcome))).toBe(true);
    expect(Object.keys(debits).every((outcome) => ['200', '422 INSUFFICIENT_BALANCE'].includes(outcome))).toBe(true);
    const taken = (refunds['200'] ?? 0) * 5_000 + (debits['200'] ?? 0) * 500;
    expect(taken).toBeLessThanOrEqual(15_000);

    await expect.poll(() => walletOf(client)).toMatchObject({ availableCents: 15_000 - taken, heldCents: 0, debtCents: 0 });
    expect(await (await admin.request('GET', `/api/finance/wallets/${userId}/verify`)).json()).toMatchObject({ verified: true });
  });
});
