// Custom integrations over HTTP: the form's messages, links and APIs, secrets
// encrypted and never answered (nor in any event), edits, status, delete, one agent's apart
// from another's, and the per-agent limit under a burst of adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';

type View = {
  integrationId: string;
  name: string;
  type: string;
  category: string;
  status: string;
  url: string | null;
  apiEndpoint: string | null;
  method: string | null;
  headerNames: string[];
  secretHints: Record<string, string>;
};

const API_KEY = 'custom-key-0123456789-KEY9';
const HEADER_TOKEN = 'header-credential-abcdefghijk';

describe('custom integrations over HTTP', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    own = await startOwnPortal();
  });
  afterAll(async () => own?.close());

  const call = async (agent: SeededAccount, method: string, path: string, body?: unknown) => {
    const answer = await agent.client.request(method, `/api/integrations/custom${path}`, body);
    const text = await answer.text();
    return { status: answer.status, text, json: JSON.parse(text) as Record<string, unknown> };
  };
  const message = async (agent: SeededAccount, body: unknown) => {
    const { status, json } = await call(agent, 'POST', '', body);
    return [status, json.message];
  };

  it('refuses each incomplete form with the spec’s message', async () => {
    const agent = await own.account();
    const api = { name: 'CRM', type: 'api', apiEndpoint: 'https://crm.example.com/leads' };
    expect(await message(agent, { type: 'link', url: 'https://docs.example.com' })).toEqual([400, 'Integration name is required']);
    expect(await message(agent, { name: 'Docs', type: 'link' })).toEqual([400, 'URL is required for link integrations']);
    expect(await message(agent, { name: 'CRM', type: 'api' })).toEqual([400, 'API endpoint is required for API integrations']);
    expect(await message(agent, { ...api, headers: '{"X-Token": "a"' })).toEqual([400, 'Invalid JSON format']);
    expect(await message(agent, { ...api, method: 'TRACE' })).toEqual([400, 'The method is one of GET, POST, PUT, PATCH, DELETE']);
    expect(await message(agent, { ...api, requestBody: '{"a": "{{first_name}}", "b": "{{ssn}}"}' })).toEqual([
      400,
      'Unknown placeholder {{ssn}}: use the lead fields listed, e.g. {{first_name}}',
    ]);
    expect(await message(agent, { ...api, method: 'GET', requestBody: 'x' })).toEqual([
      400,
      'A body is sent only with POST, PUT or PATCH; a GET request carries the lead as query parameters',
    ]);
    expect(await message(agent, { ...api, apiEndpoint: 'ftp://crm.example.com' })).toEqual([400, 'Enter a full web address, starting with https://']);
    expect(await message(agent, { ...api, apiEndpoint: 'http://192.168.1.10/leads' })).toEqual([
      400,
      'Leads can only be sent to public addresses: 192.168.1.10 is a private network address.',
    ]);
    expect(await message(agent, 'not an object')).toEqual([400, 'Integration name is required']);
    expect(((await call(agent, 'GET', '')).json.integrations as unknown[]).length).toBe(0);
  });

  it('adds a link and an API integration, answers the signing secret once, and never answers or stores a secret in the clear', async () => {
    const agent = await own.account();
    const link = await call(agent, 'POST', '', {
      name: 'Carrier portal',
      description: 'Quotes',
      type: 'link',
      category: 'other',
      url: 'https://carrier.example.com/quote',
    });
    expect(link.status).toBe(201);
    expect(link.json).toMatchObject({
      success: true,
      integration: { name: 'Carrier portal', type: 'link', category: 'other', status: 'active', url: 'https://carrier.example.com/quote' },
    });
    expect(link.json.signingSecret).toBeUndefined();

    const added = await call(agent, 'POST', '', {
      name: 'My CRM',
      type: 'api',
      category: 'crm',
      apiEndpoint: 'https://crm.example.com/leads',
      method: 'POST',
      apiKey: API_KEY,
      headers: JSON.stringify({ 'X-Account': HEADER_TOKEN }),
      requestBody: '{"name": "{{full_name}}", "phone": "{{phone}}"}',
    });
    expect(added.status).toBe(201);
    const signingSecret = added.json.signingSecret as string;
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const integration = added.json.integration as View;
    expect(integration).toMatchObject({
      type: 'api',
      method: 'POST',
      headerNames: ['X-Account'],
      secretHints: { apiKey: '••••KEY9', signingSecret: `••••${signingSecret.slice(-4)}` },
    });
    expect(added.text).not.toContain(API_KEY);
    expect(added.text).not.toContain(HEADER_TOKEN);

    const id = integration.integrationId;
    const list = await call(agent, 'GET', '');
    const texts = [list.text, (await call(agent, 'GET', `/${id}`)).text, await agent.client.request('GET', '/api/integrations').then((r) => r.text())];
    for (const text of texts) for (const secret of [API_KEY, HEADER_TOKEN, signingSecret, signingSecret.slice(6)]) expect(text).not.toContain(secret);
    const listed = list.json as { integrations: View[]; placeholders: { name: string }[] };
    expect(listed.integrations.map((i) => `${i.name} ${i.type} ${i.status}`)).toEqual(['Carrier portal link active', 'My CRM api active']);
    expect(listed.placeholders.map((p) => p.name)).toContain('first_name');

    // At rest: encrypted and bound to the row; the headers' hint gives nothing away; no event holds a secret.
    const stored = await own.pool.query<{ name: string; value: string; last4: string }>(
      'SELECT name, value, last4 FROM integration_secrets WHERE integration_id = $1 ORDER BY name',
      [id],
    );
    expect(stored.rows.map((r) => `${r.name} ${r.last4}`)).toEqual(['apiKey ••••KEY9', 'headers ••••', `signingSecret ••••${signingSecret.slice(-4)}`]);
    for (const row of stored.rows) expect(row.value).toMatch(/^v1:/);
    const events = await own.pool.query<{ text: string }>(
      `SELECT event::text AS text FROM outbox_events WHERE stream_id = $1 UNION ALL SELECT data::text || metadata::text FROM es_events WHERE stream_id = $1`,
      [`integration-${id}`],
    );
    expect(events.rows.length).toBeGreaterThan(0);
    for (const { text } of events.rows) for (const secret of [API_KEY, HEADER_TOKEN, signingSecret.slice(6)]) expect(text).not.toContain(secret);
    // The pipeline's reading surface: one row per custom integration, provider 'custom'.
    const row = await own.pool.query<{ provider: string; is_active: boolean; settings: { type: string; endpoint: string } }>(
      'SELECT provider, is_active, settings FROM integration_configs WHERE integration_id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({ provider: 'custom', is_active: true, settings: { type: 'api', endpoint: 'https://crm.example.com/leads' } });
  });

  it('edits keeping or replacing the secrets, switches on and off, deletes, and keeps one agent’s integrations from another', async () => {
    const agent = await own.account();
    const other = await own.account();
    const form = {
      name: 'Dialer',
      type: 'api',
      category: 'voip',
      apiEndpoint: 'https://dialer.example.com/in',
      method: 'PUT',
      apiKey: API_KEY,
      headers: { 'X-Account': HEADER_TOKEN },
    };
    const id = ((await call(agent, 'POST', '', form)).json.integration as View).integrationId;

    // Another agent: not found everywhere, their list empty, nothing changed.
    for (const [method, path, body] of [
      ['GET', `/${id}`, undefined],
      ['PUT', `/${id}`, { ...form, name: 'Taken' }],
      ['PUT', `/${id}/status`, { status: 'inactive' }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const answer = await call(other, method, path, body);
      expect([answer.status, answer.json.message]).toEqual([404, 'There is no such custom integration.']);
    }
    expect((await call(other, 'GET', '')).json.integrations).toEqual([]);
    expect((await call(agent, 'GET', '/not-a-uuid')).status).toBe(404);
    expect((await call(agent, 'GET', `/${id}`)).json).toMatchObject({ name: 'Dialer', status: 'active' });

    // An edit without the secrets keeps them; null removes the key; the type stays.
    const { apiKey: _key, headers: _headers, ...withoutSecrets } = form;
    const edited = await call(agent, 'PUT', `/${id}`, { ...withoutSecrets, name: 'Dialer 2', method: 'GET' });
    expect(edited.json).toMatchObject({ name: 'Dialer 2', method: 'GET', headerNames: ['X-Account'], secretHints: { apiKey: '••••KEY9' } });
    const cleared = (await call(agent, 'PUT', `/${id}`, { ...withoutSecrets, apiKey: null, headers: '{}' })).json as View;
    expect([cleared.headerNames, Object.keys(cleared.secretHints)]).toEqual([[], ['signingSecret']]);
    expect((await own.pool.query('SELECT name FROM integration_secrets WHERE integration_id = $1', [id])).rows).toEqual([{ name: 'signingSecret' }]);
    const retype = await call(agent, 'PUT', `/${id}`, { name: 'Dialer', type: 'link', url: 'https://dialer.example.com' });
    expect([retype.status, retype.json.message]).toEqual([422, 'This is an API integration and stays one: add a new integration of the other type instead.']);

    // Status.
    expect((await call(agent, 'PUT', `/${id}/status`, { status: 'paused' })).json.message).toBe('The status is active or inactive');
    expect((await call(agent, 'PUT', `/${id}/status`, { status: 'inactive' })).json).toMatchObject({ status: 'inactive' });
    expect((await own.pool.query('SELECT is_active FROM integration_configs WHERE integration_id = $1', [id])).rows[0]).toEqual({ is_active: false });
    expect((await call(agent, 'PUT', `/${id}/status`, { status: 'active' })).json).toMatchObject({ status: 'active' });

    // Delete: gone from the agent's view, the row kept inactive, its secrets erased.
    expect((await call(agent, 'DELETE', `/${id}`)).json).toEqual({ success: true, integrationId: id });
    expect((await call(agent, 'GET', `/${id}`)).status).toBe(404);
    expect((await call(agent, 'DELETE', `/${id}`)).status).toBe(404);
    expect((await call(agent, 'GET', '')).json.integrations).toEqual([]);
    expect(
      (await own.pool.query('SELECT is_active, deleted_at IS NOT NULL AS deleted FROM integration_configs WHERE integration_id = $1', [id])).rows[0],
    ).toEqual({ is_active: false, deleted: true });
    expect((await own.pool.query('SELECT count(*)::int AS n FROM integration_secrets WHERE integration_id = $1', [id])).rows[0]).toEqual({ n: 0 });
  });

  it('still keeps one connection per provider beside any number of custom integrations', async () => {
    const agent = await own.account();
    for (const name of ['One', 'Two']) expect((await call(agent, 'POST', '', { name, type: 'link', url: 'https://x.example.com' })).status).toBe(201);
    for (const apiKey of ['first-key-0123456789', 'second-key-0123456789']) {
      expect((await agent.client.request('PUT', '/api/integrations/onlysales', { webhookUrl: 'https://crm.example.com/hook', apiKey })).status).toBe(200);
    }
    const rows = await own.pool.query<{ provider: string; n: number }>(
      'SELECT provider, count(*)::int AS n FROM integration_configs WHERE user_id = $1 GROUP BY provider ORDER BY provider',
      [agent.userId],
    );
    expect(rows.rows).toEqual([
      { provider: 'custom', n: 2 },
      { provider: 'onlysales', n: 1 },
    ]);
  });

  it('lets a burst of adds take only the places left under the limit of 50', async () => {
    const agent = await own.account();
    for (let index = 0; index < 47; index++)
      expect((await call(agent, 'POST', '', { name: `Link ${index}`, type: 'link', url: 'https://x.example.com' })).status).toBe(201);
    const statuses = await inParallel(
      30,
      async (index) => (await call(agent, 'POST', '', { name: `Burst ${index}`, type: 'link', url: 'https://x.example.com' })).status,
    );
    expect(tally(statuses)).toEqual({ 201: 3, 409: 27 });
    expect(((await call(agent, 'GET', '')).json.integrations as unknown[]).length).toBe(50);
    const refused = await call(agent, 'POST', '', { name: 'One more', type: 'link', url: 'https://x.example.com' });
    expect(refused.json.message).toBe('You can keep at most 50 custom integrations: delete one you no longer use first.');
  });
});
