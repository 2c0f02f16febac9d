// Rotating OnlySales' webhook signing secret over HTTP (as Svix does it): the new
// secret answered once, requests signed with the old and the new one during the grace period
// and with the new one only after it, another agent's integration not found, the rotation in
// the audit log, and neither secret in any answer but the rotation's or in the portal's logs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { verifyWebhook } from '../../src/modules/integrations/delivery/standard-webhooks.js';
import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const API_KEY = 'only-sales-key-0123456789-ROTA';

type View = { integrationId: string; secretHints: Record<string, string>; previousSigningSecretUntil: string | null };
type Rotated = { integrationId: string; signingSecret: string; previousValidUntil: string };

describe('rotating a webhook signing secret over HTTP', () => {
  let own: OwnPortal;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ apiKey: API_KEY });
    own = await startOwnPortal({ OUTBOUND_ALLOW: '127.0.0.1', OUTBOUND_TIMEOUT_SECONDS: '5' });
  });
  afterAll(async () => {
    await own?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const connect = async (agent: SeededAccount) => {
    const answer = await agent.client.request('PUT', '/api/integrations/onlysales', { webhookUrl: `${receiver.url}/hooks`, apiKey: API_KEY });
    const { signingSecret, integrationId } = (await answer.json()) as { signingSecret: string; integrationId: string };
    return { signingSecret, integrationId };
  };
  const view = async (agent: SeededAccount) => {
    const text = await (await agent.client.request('GET', '/api/integrations/onlysales')).text();
    return { text, view: JSON.parse(text) as View };
  };
  const rotate = (agent: SeededAccount, integrationId: string) =>
    agent.client.request('POST', `/api/integration-connections/${integrationId}/rotate-signing-secret`);
  /** A sample lead sent now through the portal: the request the receiver got, its signatures apart. */
  const testSend = async (agent: SeededAccount, integrationId: string) => {
    expect((await agent.client.request('POST', `/api/integration-connections/${integrationId}/test`)).status).toBe(200);
    const [got] = await receiver.waitFor(1);
    return { ...got!, signatures: String(got!.headers['webhook-signature']).split(' ') };
  };

  it('answers the new secret once, signs with the old and the new one during the grace period, with the new one only after it, and records the rotation', async () => {
    const agent = await own.account();
    const { signingSecret: first, integrationId } = await connect(agent);
    const answer = await rotate(agent, integrationId);
    expect(answer.status).toBe(200);
    const rotated = (await answer.json()) as Rotated;
    expect(rotated).toMatchObject({ integrationId, signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const second = rotated.signingSecret;
    expect(second).not.toBe(first);
    expect(new Date(rotated.previousValidUntil).getTime() - Date.now()).toBeGreaterThan(86_400_000 - 120_000);

    // Shown once: the views have the last four characters only, and until when the old one signs.
    const shown = await view(agent);
    for (const secret of [first, second]) expect(shown.text).not.toContain(secret.slice(6, 26));
    expect(shown.view.secretHints).toEqual({ apiKey: `••••${API_KEY.slice(-4)}`, signingSecret: `••••${second.slice(-4)}` });
    expect(shown.view.previousSigningSecretUntil).toBe(rotated.previousValidUntil);

    // During the grace period: two signatures; a receiver holding either secret accepts.
    receiver.secret = first;
    const during = await testSend(agent, integrationId);
    expect(during.answeredStatus).toBe(200);
    expect(during.signatures).toHaveLength(2);
    expect(verifyWebhook(second, during.headers, during.body)).toEqual({ valid: true });
    expect(verifyWebhook(first, during.headers, during.body)).toEqual({ valid: true });

    // The clock passes the end of the grace period (stored with the old secret): only the new one signs.
    await own.pool.query(
      `UPDATE integration_secrets SET expires_at = now() - interval '1 second' WHERE integration_id = $1 AND name = 'previousSigningSecret'`,
      [integrationId],
    );
    receiver.received.length = 0;
    receiver.secret = second;
    const after = await testSend(agent, integrationId);
    expect(after.answeredStatus).toBe(200);
    expect(after.signatures).toHaveLength(1);
    expect(verifyWebhook(first, after.headers, after.body)).toEqual({ valid: false, reason: 'no signature matches' });
    expect((await view(agent)).view.previousSigningSecretUntil).toBeNull();

    // The audit log shows who rotated which integration's secret, and neither secret.
    const admin = await own.account({ role: 'admin' });
    let events: { eventId: string; streamId: string; actor: { email: string | null }; summary: string }[] = [];
    await expect
      .poll(async () => {
        const page = await admin.client.request('GET', `/api/admin/audit/events?type=IntegrationSigningSecretRotated&actor=${encodeURIComponent(agent.email)}`);
        events = ((await page.json()) as { events: typeof events }).events;
        return events.length;
      })
      .toBe(1);
    expect(events[0]).toMatchObject({ streamId: `integration-${integrationId}`, actor: { email: agent.email } });
    expect(events[0]!.summary).toBe(
      `Integration signing secret rotated: user ${agent.email} · provider onlysales · previous valid until ${rotated.previousValidUntil}`,
    );
    const detail = await (await admin.client.request('GET', `/api/admin/audit/events/${events[0]!.eventId}`)).text();
    expect(JSON.parse(detail).event.data).toMatchObject({ integrationId, provider: 'onlysales', previousValidUntil: rotated.previousValidUntil });
    for (const secret of [first, second]) {
      expect(detail).not.toContain(secret.slice(6, 26));
      expect(own.portal.output()).not.toContain(secret.slice(6, 26));
    }
  });

  it('is not found for another agent’s integration or an unknown one, and leaves the owner’s secret as it was', async () => {
    const owner = await own.account();
    const stranger = await own.account();
    const { integrationId } = await connect(owner);
    const before = (await view(owner)).view.secretHints.signingSecret;
    for (const [who, id] of [
      [stranger, integrationId],
      [owner, randomUUID()],
    ] as const) {
      const answer = await rotate(who, id);
      expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([404, 'No such integration.']);
    }
    expect((await rotate(owner, 'not-an-id')).status).toBe(400);
    expect((await view(owner)).view).toMatchObject({ secretHints: { signingSecret: before }, previousSigningSecretUntil: null });
  });
});
