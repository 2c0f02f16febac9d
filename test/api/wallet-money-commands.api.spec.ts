import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

type Answer = { status: number; body: Record<string, unknown> };

let admin: ApiClient;
beforeAll(async () => {
  const account = await freshAdmin();
  admin = await signedInClient(account.email, account.password);
});

async function agent(): Promise<{ client: ApiClient; userId: string }> {
  const account = await freshAgent('money');
  const client = await signedInClient(account.email, account.password);
  const { user } = (await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } };
  return { client, userId: user.id };
}

async function post(as: ApiClient, path: string, body: unknown, key: string | null): Promise<Answer> {
  const response = await as.request('POST', path, body, key === null ? {} : { 'idempotency-key': key });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const testCredit = (userId: string, amountCents: number, key: string | null = randomUUID(), as = admin) =>
  post(as, `/api/admin/wallets/${userId}/test-credit`, { amountCents }, key);
const adjust = (userId: string, body: Record<string, unknown>, key: string | null = randomUUID(), as = admin) =>
  post(as, `/api/admin/wallets/${userId}/adjustments`, body, key);

/**
 * The wallet as its own stream decides it, not as a read model shows it later: a 1-cent test
 * credit answers the available balance after it, so the balance before is that minus 1.
 */
async function decidedBalance(userId: string): Promise<number> {
  const probe = await testCredit(userId, 1);
  expect(probe.status).toBe(200);
  return (probe.body.availableCents as number) - 1;
}

describe('Idempotency-Key on the admin money commands', () => {
  it('refuses a money command without a key', async () => {
    const { userId } = await agent();
    const missing = await testCredit(userId, 500, null);
    expect(missing).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    const adjustment = await adjust(userId, { direction: 'credit', amountCents: 500, reason: 'Goodwill credit' }, null);
    expect(adjustment).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    expect(await decidedBalance(userId)).toBe(0);
  });

  it('answers the same key and body with the same answer and credits once', async () => {
    const { userId } = await agent();
    const key = randomUUID();
    const first = await testCredit(userId, 2_500, key);
    const again = await testCredit(userId, 2_500, key);
    expect(first).toMatchObject({ status: 200, body: { availableCents: 2_500, creditId: expect.any(String) } });
    expect(again).toEqual(first);
    expect(await decidedBalance(userId)).toBe(2_500);
  });

  it('refuses the same key with a different body (409 IDEMPOTENCY_KEY_REUSED) and changes nothing', async () => {
    const { userId } = await agent();
    const key = randomUUID();
    expect((await testCredit(userId, 1_000, key)).status).toBe(200);
    const reused = await testCredit(userId, 9_000, key);
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const otherRoute = await adjust(userId, { direction: 'credit', amountCents: 1_000, reason: 'Goodwill credit' }, key);
    expect(otherRoute).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await decidedBalance(userId)).toBe(1_000);
  });

  it('credits exactly once when 30 identical requests with one key arrive at once', async () => {
    const { userId } = await agent();
    const key = randomUUID();
    const answers = await inParallel(30, () => testCredit(userId, 4_200, key));
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 30 });
    const creditIds = new Set(answers.map((a) => a.body.creditId));
    expect(creditIds.size).toBe(1);
    expect(answers.every((a) => a.body.availableCents === 4_200)).toBe(true);
    expect(await decidedBalance(userId)).toBe(4_200);
  });
});

describe('admin adjustments', () => {
  it('lets exactly 10 of 40 concurrent $10 debits through on a $100 wallet; the balance ends at 0, never below', async () => {
    const { client, userId } = await agent();
    expect((await testCredit(userId, 10_000)).status).toBe(200);
    const answers = await inParallel(40, () => adjust(userId, { direction: 'debit', amountCents: 1_000, reason: 'Lead dispute settled' }));
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 10, 422: 30 });
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'The wallet does not have enough available balance for this debit' });
    }
    const balancesAfter = answers.filter((a) => a.status === 200).map((a) => a.body.availableCents as number);
    expect(balancesAfter.sort((a, b) => a - b)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000]);
    expect(await decidedBalance(userId)).toBe(0);
    // The read side agrees once it has caught up (the probe's cent included).
    await expect.poll(async () => ((await (await client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents).toBe(1);
  });

  it('refuses bad input with 400, an agent with 403 and an unknown user with 404', async () => {
    const { client, userId } = await agent();
    const shortReason = await adjust(userId, { direction: 'credit', amountCents: 500, reason: 'ok' });
    expect(shortReason.status).toBe(400);
    const blankReason = await adjust(userId, { direction: 'credit', amountCents: 500, reason: '   ab   ' });
    expect(blankReason.status).toBe(400);
    const nul = await adjust(userId, { direction: 'credit', amountCents: 500, reason: 'Good\u0000will' });
    expect(nul.status).toBe(400);
    expect((await adjust(userId, { direction: 'sideways', amountCents: 500, reason: 'Goodwill credit' })).status).toBe(400);
    expect((await adjust(userId, { direction: 'credit', amountCents: 0.5, reason: 'Goodwill credit' })).status).toBe(400);
    expect((await testCredit(userId, -100)).status).toBe(400);

    const asAgent = await adjust(userId, { direction: 'credit', amountCents: 500, reason: 'Goodwill credit' }, randomUUID(), client);
    expect(asAgent.status).toBe(403);
    expect((await testCredit(userId, 500, randomUUID(), client)).status).toBe(403);

    const unknown = await adjust(randomUUID(), { direction: 'credit', amountCents: 500, reason: 'Goodwill credit' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect((await testCredit(randomUUID(), 500)).status).toBe(404);
    expect((await testCredit('not-a-user-id', 500)).status).toBe(400);

    expect(await decidedBalance(userId)).toBe(0);
  });
});
