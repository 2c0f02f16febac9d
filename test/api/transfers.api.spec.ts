import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, signedInClient } from '../support/portal/portal.js';

let admin: ApiClient;
/** Other tests (the sign-up leader list) expect the seeded SAT leaders only: the leaders made here step down at the end. */
const madeLeaders: string[] = [];
afterAll(async () => {
  for (const id of madeLeaders) await admin.request('PUT', `/api/admin/users/${id}/sat-leader`, { satLeader: false });
});
beforeAll(async () => {
  admin = await signedInClient('admin@portal.test');
});

async function userId(email: string): Promise<string> {
  const { users } = (await (await admin.request('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { users: { id: string }[] };
  return users[0]!.id;
}

const key = () => ({ 'idempotency-key': randomUUID() });

describe('POST /api/wallet/transfers over HTTP', () => {
  it('needs a session, and an Idempotency-Key; replays the same key and body; refuses the key with another body', async () => {
    const anonymous = new ApiClient(inject('portalUrl'));
    expect((await anonymous.request('POST', '/api/wallet/transfers', { amountCents: 100, recipientEmail: 'x@agents.test' }, key())).status).toBe(401);

    const [leader, agent] = await Promise.all([freshAgent('leader'), freshAgent('agent')]);
    const [leaderId, agentId] = await Promise.all([userId(leader.email), userId(agent.email)]);
    await admin.request('PUT', `/api/admin/users/${leaderId}/sat-leader`, { satLeader: true });
    madeLeaders.push(leaderId);
    const client = await signedInClient(agent.email, agent.password);
    expect((await admin.request('PUT', `/api/admin/users/${agentId}/leader`, { satLeaderId: leaderId })).status).toBe(200);
    await admin.request('POST', `/api/admin/wallets/${agentId}/test-credit`, { amountCents: 5_000 }, key());

    const missing = await client.request('POST', '/api/wallet/transfers', { amountCents: 100, recipientEmail: leader.email });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });

    const headers = key();
    const first = await client.request('POST', '/api/wallet/transfers', { amountCents: 1_000, recipientEmail: leader.email, description: 'once' }, headers);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { transferId: string; status: string; availableCents: number };
    expect(answer).toMatchObject({ status: 'completed', availableCents: 4_000 });
    const replay = await client.request('POST', '/api/wallet/transfers', { description: 'once', amountCents: 1_000, recipientEmail: leader.email }, headers);
    expect(await replay.json()).toEqual(answer);
    const reused = await client.request('POST', '/api/wallet/transfers', { amountCents: 2_000, recipientEmail: leader.email, description: 'once' }, headers);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // The sender is the session: naming another wallet in the body changes nothing.
    const other = await client.request(
      'POST',
      '/api/wallet/transfers',
      { amountCents: 500, recipientEmail: leader.email, userId: leaderId, senderUserId: leaderId },
      key(),
    );
    expect(await other.json()).toMatchObject({ availableCents: 3_500 });

    const bad = await client.request('POST', '/api/wallet/transfers', { amountCents: 1.5, recipientEmail: leader.email }, key());
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'amountCents', message: 'Amount must be a whole number of cents' }],
    });
    // The largest transfer is the daily limit ($2,000 here), and the refusal says so.
    const over = await client.request('POST', '/api/wallet/transfers', { amountCents: 200_001, recipientEmail: leader.email }, key());
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'amountCents', message: 'Amount must be at most $2,000.00, the daily transfer limit' }],
    });
  });
});
