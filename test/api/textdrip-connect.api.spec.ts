// Connecting Textdrip over HTTP (spec section 7): the Connect window's one-time
// request, Textdrip's return (allow, deny, a bad or unchecked token), the state used once by the
// agent it was made for, the opener's claim scoped to its agent, and the API token kept
// encrypted and never in an answer or an address the portal produces. Textdrip is the local
// stand-in (test/support/textdrip-standin.ts), reached through the outbound fence.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { startTextdripStandIn, type TextdripStandIn } from '../support/textdrip-standin.js';

describe('connecting Textdrip over HTTP', () => {
  let own: OwnPortal;
  let textdrip: TextdripStandIn;
  /** Every address and body the portal answered in these tests: none may carry an API token. */
  const produced: string[] = [];

  beforeAll(async () => {
    textdrip = await startTextdripStandIn();
    // LOG_LEVEL info: every request's line is written, so the log can be searched for the token.
    own = await startOwnPortal({
      TEXTDRIP_CONNECT_URL: textdrip.connectUrl,
      TEXTDRIP_API_BASE: textdrip.apiBase,
      OUTBOUND_ALLOW: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
  });

  afterAll(async () => {
    await own?.close();
    await textdrip?.close();
  });

  /** Where an answer sends the window (its Location), kept for the token check at the end. */
  const location = async (answer: Response) => {
    produced.push(await answer.text());
    const to = answer.headers.get('location') ?? '';
    produced.push(to);
    return to;
  };

  /** Opens the Connect window's first address; answers where it went and, when at Textdrip, the state it carries. */
  async function connect(client: ApiClient, networkId: string = randomUUID()) {
    const answer = await client.request('GET', `/api/integrations/textdrip/connect?network_id=${networkId}`, undefined, {}, 'manual');
    expect(answer.status).toBe(302);
    const to = await location(answer);
    return { networkId, to, state: to.startsWith(textdrip.connectUrl) ? new URL(to).searchParams.get('state')! : '' };
  }

  /** Textdrip sends the window back with these parameters. */
  async function back(client: ApiClient, params: Record<string, string>) {
    const answer = await client.request('GET', `/api/integrations/textdrip/callback?${new URLSearchParams(params)}`, undefined, {}, 'manual');
    expect(answer.status).toBe(303);
    return location(answer);
  }

  const claim = async (client: ApiClient, networkId: string) => {
    const answer = await client.request('POST', '/api/integrations/textdrip/claim', { networkId });
    const body = await answer.text();
    produced.push(body);
    return { status: answer.status, body: JSON.parse(body) as Record<string, unknown> };
  };

  const integration = async (client: ApiClient) => {
    const text = await (await client.request('GET', '/api/integrations/textdrip')).text();
    produced.push(text);
    return JSON.parse(text) as { connected: boolean; settings: Record<string, unknown> | null; secretHints: Record<string, string> };
  };

  it('Allow connects: the token is checked with Textdrip, kept encrypted as apiToken, and the window goes to the success page', async () => {
    const agent = await own.account();
    const { networkId, to, state } = await connect(agent.client);
    const textdripPage = new URL(to);
    expect(`${textdripPage.origin}${textdripPage.pathname}`).toBe(textdrip.connectUrl);
    expect(Object.fromEntries(textdripPage.searchParams)).toEqual({
      redirect_uri: `${own.portal.url}/api/integrations/textdrip/callback`,
      state,
      network_id: networkId,
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is kept only as its hash.
    expect(JSON.stringify((await own.pool.query('SELECT * FROM textdrip_connection_requests WHERE user_id = $1', [agent.userId])).rows)).not.toContain(state);
    expect((await claim(agent.client, networkId)).body).toEqual({ networkId, status: 'pending', connected: false, reason: null });

    expect(await back(agent.client, { state, network_id: networkId, token: textdrip.token })).toBe('/textdrip/success?connected=true');
    const call = textdrip.calls.at(-1)!;
    expect(call).toEqual({ path: '/api/profile', authorization: `Bearer ${textdrip.token}`, url: '/api/profile' });

    expect(await integration(agent.client)).toMatchObject({
      connected: true,
      settings: { networkId, accountName: textdrip.account.name, accountEmail: textdrip.account.email },
      secretHints: { apiToken: `••••${textdrip.token.slice(-4)}` },
    });
    expect((await claim(agent.client, networkId)).body).toEqual({ networkId, status: 'connected', connected: true, reason: null });
    const stored = await own.pool.query<{ name: string; value: string }>(
      `SELECT s.name, s.value FROM integration_secrets s JOIN integration_configs c USING (integration_id) WHERE c.user_id = $1 AND c.provider = 'textdrip'`,
      [agent.userId],
    );
    expect(stored.rows.map((row) => row.name)).toEqual(['apiToken']);
    expect(stored.rows[0]!.value).toMatch(/^v1:/);
    expect(stored.rows[0]!.value).not.toContain(textdrip.token);
    const events = await own.pool.query(`SELECT event::text AS event FROM outbox_events WHERE stream_id LIKE 'integration-%'`);
    expect(events.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(events.rows)).not.toContain(textdrip.token);

    // Disconnect works as for the others; the claim then says so.
    expect((await agent.client.request('POST', '/api/integrations/textdrip/disconnect')).status).toBe(200);
    expect((await integration(agent.client)).connected).toBe(false);
    expect((await claim(agent.client, networkId)).body).toMatchObject({ status: 'disconnected', connected: false });
  });

  it('uses a state once: of 30 returns with the same state at the same moment, exactly one connects', async () => {
    const agent = await own.account();
    const { networkId, state } = await connect(agent.client);
    const targets = await inParallel(30, () => back(agent.client, { state, network_id: networkId, token: textdrip.token }));
    expect(tally(targets)).toEqual({ '/textdrip/success?connected=true': 1, '/textdrip/failed?reason=used': 29 });
    expect((await claim(agent.client, networkId)).body).toMatchObject({ status: 'connected', connected: true });
    const { rows } = await own.pool.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE stream_id LIKE 'integration-%' AND event->>'type' = 'IntegrationConnected' AND event->'data'->>'userId' = $1`,
      [agent.userId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses a state after 10 minutes, one made for another agent, and an unknown one', async () => {
    const agent = await own.account();
    const other = await own.account();
    const late = await connect(agent.client);
    await own.pool.query(`UPDATE textdrip_connection_requests SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND network_id = $2`, [
      agent.userId,
      late.networkId,
    ]);
    expect(await back(agent.client, { state: late.state, network_id: late.networkId, token: textdrip.token })).toBe('/textdrip/failed?reason=expired');
    expect((await claim(agent.client, late.networkId)).body).toEqual({ networkId: late.networkId, status: 'failed', connected: false, reason: 'expired' });

    // Another agent with this agent's state (a leaked link) connects nothing, and does not spend it.
    const mine = await connect(agent.client);
    expect(
      await back(other.client, {
        state: mine.state,
        network_id: mine.networkId,
        token: textdrip.issueToken({ id: 7, name: 'Someone else', email: 'x@textdrip-standin.test' }),
      }),
    ).toBe('/textdrip/failed?reason=other_account');
    expect((await integration(other.client)).connected).toBe(false);
    expect((await integration(agent.client)).connected).toBe(false);
    expect(await back(agent.client, { state: mine.state, network_id: mine.networkId, token: textdrip.token })).toBe('/textdrip/success?connected=true');

    expect(await back(agent.client, { state: 'A'.repeat(43), network_id: mine.networkId, token: textdrip.token })).toBe('/textdrip/failed?reason=expired');
    expect(await back(agent.client, { network_id: mine.networkId, token: textdrip.token })).toBe('/textdrip/failed?reason=invalid_request');
    // A return for another attempt than the one the state was made for.
    const crossed = await connect(agent.client);
    expect(await back(agent.client, { state: crossed.state, network_id: randomUUID(), token: textdrip.token })).toBe('/textdrip/failed?reason=mismatch');
  });

  it('Deny, a token Textdrip does not know, and Textdrip being down each fail with their reason and connect nothing', async () => {
    const agent = await own.account();
    const denied = await connect(agent.client);
    expect(await back(agent.client, { state: denied.state, network_id: denied.networkId, error: 'access_denied' })).toBe('/textdrip/failed?reason=denied');
    expect((await claim(agent.client, denied.networkId)).body).toEqual({ networkId: denied.networkId, status: 'failed', connected: false, reason: 'denied' });

    const unknown = await connect(agent.client);
    const bogus = 'td_not-a-token-textdrip-knows-0000';
    expect(await back(agent.client, { state: unknown.state, network_id: unknown.networkId, token: bogus })).toBe('/textdrip/failed?reason=invalid_token');
    expect(textdrip.calls.at(-1)!.authorization).toBe(`Bearer ${bogus}`);

    const missing = await connect(agent.client);
    expect(await back(agent.client, { state: missing.state, network_id: missing.networkId })).toBe('/textdrip/failed?reason=invalid_token');

    textdrip.api = 'down';
    try {
      const down = await connect(agent.client);
      expect(await back(agent.client, { state: down.state, network_id: down.networkId, token: textdrip.token })).toBe('/textdrip/failed?reason=unavailable');
      expect((await claim(agent.client, down.networkId)).body).toMatchObject({ status: 'failed', reason: 'unavailable' });
    } finally {
      textdrip.api = 'up';
    }
    expect((await integration(agent.client)).connected).toBe(false);
    expect((await own.pool.query(`SELECT 1 FROM integration_configs WHERE user_id = $1`, [agent.userId])).rows).toEqual([]);
    expect(own.portal.output()).not.toContain(bogus);
  });

  it('claims only its own agent’s connections, and needs a session', async () => {
    const agent = await own.account();
    const other = await own.account();
    const { networkId } = await connect(agent.client);
    expect(await claim(other.client, networkId)).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'No Textdrip connection was started with this id. Use Connect to start one.' }),
    });
    expect((await claim(agent.client, randomUUID())).status).toBe(404);
    expect((await claim(agent.client, 'not-an-id')).status).toBe(400);
    const stranger = new ApiClient(own.portal.url);
    expect((await stranger.request('POST', '/api/integrations/textdrip/claim', { networkId })).status).toBe(401);
    // The window's own steps without a session go to the failed page, which asks to log in.
    expect(await location(await stranger.request('GET', `/api/integrations/textdrip/connect?network_id=${randomUUID()}`, undefined, {}, 'manual'))).toBe(
      '/textdrip/failed?reason=signed_out',
    );
    expect(await location(await stranger.request('GET', `/api/integrations/textdrip/callback?state=x&token=${textdrip.token}`, undefined, {}, 'manual'))).toBe(
      '/textdrip/failed?reason=signed_out',
    );
    // One network id names one attempt.
    expect((await connect(agent.client, networkId)).to).toBe('/textdrip/failed?reason=invalid_request');
    expect((await connect(agent.client, 'nope')).to).toBe('/textdrip/failed?reason=invalid_request');
  });

  it('lets one agent open at most 20 Connect windows in 10 minutes, however many at once', async () => {
    const agent = await own.account();
    const targets = await inParallel(30, async () => {
      const { to } = await connect(agent.client);
      return to.startsWith(textdrip.connectUrl) ? 'textdrip' : to;
    });
    expect(tally(targets)).toEqual({ textdrip: 20, '/textdrip/failed?reason=too_many': 10 });
  });

  it('put no API token in any answer or address it produced, nor in its log', () => {
    expect(produced.length).toBeGreaterThan(20);
    for (const text of produced) expect(text).not.toMatch(/td_[0-9a-f]{48}/);
    expect(own.portal.output()).toContain('/api/integrations/textdrip/callback?state=[redacted]');
    expect(own.portal.output()).not.toContain(textdrip.token);
  });
});
