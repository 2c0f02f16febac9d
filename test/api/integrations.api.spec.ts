// Integrations over HTTP: the five providers, each form's messages, secrets kept
// encrypted and never answered, disconnect, and one agent's connections apart from another's;
// Ringy's credentials tested with Ringy (a local stand-in) before they are saved; OnlySales'
// signing secret answered once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { startRingyStandIn, type RingyStandIn } from '../support/ringy-standin.js';

const RINGY_ACCOUNT = { sid: 'AC0123456789abcdef', authToken: 'ringy-token-abcdefghijkl' };

describe('integrations over HTTP', () => {
  let own: OwnPortal;
  let ringy: RingyStandIn;
  beforeAll(async () => {
    ringy = await startRingyStandIn();
    ringy.accounts.set(RINGY_ACCOUNT.sid, RINGY_ACCOUNT.authToken);
    own = await startOwnPortal({ RINGY_API_BASE: ringy.apiBase, OUTBOUND_ALLOW: '127.0.0.1', OUTBOUND_TIMEOUT_SECONDS: '2' });
  });
  afterAll(async () => {
    await own?.close();
    await ringy?.close();
  });
  beforeEach(() => {
    ringy.mode = 'normal';
  });

  it('lists the five providers, connects each form with the spec’s messages, keeps secrets encrypted and never answers them', async () => {
    const agent = await own.account();
    const list = async () =>
      ((await (await agent.client.request('GET', '/api/integrations')).json()) as { providers: { providerId: string; concept: string; connected: boolean }[] })
        .providers;
    expect((await list()).map((p) => `${p.providerId}: ${p.concept} ${p.connected}`)).toEqual([
      'onlysales: CRM Integration false',
      'textdrip: SMS Marketing false',
      'email: Email Marketing false',
      'ringy: VoIP Integration false',
      'vanillasoft: Sales Automation false',
    ]);
    const put = async (provider: string, body: unknown) => {
      const answer = await agent.client.request('PUT', `/api/integrations/${provider}`, body);
      return [answer.status, ((await answer.json()) as { message?: string }).message ?? 'ok'];
    };
    expect(await put('onlysales', { webhookUrl: 'https://crm.example.com/hook' })).toEqual([400, 'Please fill in all required fields.']);
    expect(await put('email', { email: '' })).toEqual([400, 'Please enter an email address.']);
    expect(await put('ringy', { sid: 'AC1' })).toEqual([400, 'Please provide both SID and Auth Token']);
    expect(await put('vanillasoft', { credentialName: 'Main', postingUrl: 'https://new.vanillasoft.net/post.aspx?id=9', fieldMappings: 'not json' })).toEqual([
      400,
      'Invalid JSON format for field mappings',
    ]);
    expect((await put('textdrip', {}))[0]).toBe(400);
    // An address every delivery would be refused at is refused when the form is saved.
    expect(await put('onlysales', { webhookUrl: 'http://10.0.0.5/hook', apiKey: 'k-123' })).toEqual([
      400,
      'Leads can only be sent to public addresses: 10.0.0.5 is a private network address.',
    ]);
    expect(
      await put('vanillasoft', { credentialName: 'Main', postingUrl: 'http://169.254.169.254/latest', fieldMappings: '{"first_name": "FirstName"}' }),
    ).toEqual([400, 'Leads can only be sent to public addresses: 169.254.169.254 is the cloud metadata address.']);
    expect((await agent.client.request('GET', '/api/integrations/salesforce')).status).toBe(404);

    const apiKey = 'only-sales-key-0123456789-ZZZZ';
    expect(await put('onlysales', { webhookUrl: 'https://crm.example.com/hook', apiKey })).toEqual([200, 'ok']);
    expect(await put('ringy', RINGY_ACCOUNT)).toEqual([200, 'ok']);
    const onlysales = await agent.client.request('GET', '/api/integrations/onlysales');
    const text = await onlysales.text();
    expect(JSON.parse(text)).toMatchObject({ connected: true, settings: { webhookUrl: 'https://crm.example.com/hook' }, secretHints: { apiKey: '••••ZZZZ' } });
    expect(text).not.toContain('only-sales-key');
    const ringy = (await (await agent.client.request('GET', '/api/integrations/ringy')).json()) as { settings: { nickname: string } };
    expect(ringy.settings.nickname).toMatch(/^Ringy Account \d{1,2}\/\d{1,2}\/\d{4}$/);
    // At rest: encrypted, bound to its row; nothing in plain text anywhere in the table.
    const stored = await own.pool.query<{ name: string; value: string }>(
      `SELECT s.name, s.value FROM integration_secrets s JOIN integration_configs c USING (integration_id) WHERE c.user_id = $1 ORDER BY s.name`,
      [agent.userId],
    );
    expect(stored.rows.map((r) => r.name)).toEqual(['apiKey', 'authToken', 'sid', 'signingSecret']);
    for (const row of stored.rows) expect(row.value).toMatch(/^v1:/);
    expect(JSON.stringify(stored.rows)).not.toContain('only-sales-key');

    // Another agent sees none of it.
    const other = await own.account();
    expect(
      ((await (await other.client.request('GET', '/api/integrations')).json()) as { providers: { connected: boolean }[] }).providers.every((p) => !p.connected),
    ).toBe(true);
    expect((await other.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(409);

    // Disconnect keeps the settings, inactive.
    expect((await agent.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(200);
    expect(await (await agent.client.request('GET', '/api/integrations/onlysales')).json()).toMatchObject({
      connected: false,
      settings: { webhookUrl: 'https://crm.example.com/hook' },
    });
    expect((await agent.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(409);
    expect((await list()).filter((p) => p.connected).map((p) => p.providerId)).toEqual(['ringy']);
  });

  it('tests Ringy’s credentials without saving them: the outcome is the answer (200), the form’s own message when Ringy says no or does not answer', async () => {
    const agent = await own.account();
    const test = async (body: unknown) => {
      const answer = await agent.client.request('POST', '/api/integrations/ringy/test-connection', body);
      return [answer.status, await answer.json()];
    };
    const calls = ringy.requests.length;
    expect(await test(RINGY_ACCOUNT)).toEqual([200, { ok: true }]);
    expect(JSON.parse(ringy.requests.at(-1)!.body)).toEqual(RINGY_ACCOUNT);
    expect(await test({ ...RINGY_ACCOUNT, authToken: 'not-the-token' })).toEqual([
      200,
      { ok: false, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
    ]);
    ringy.mode = 'server-error';
    expect(await test(RINGY_ACCOUNT)).toEqual([200, { ok: false, code: 'TEST_FAILED', message: 'Failed to test connection' }]);
    expect(ringy.requests.length).toBe(calls + 3);
    // A form missing a field is refused before Ringy is asked, in the form's words.
    expect(await test({ sid: 'AC1' })).toEqual([400, expect.objectContaining({ message: 'Please provide both SID and Auth Token' })]);
    expect(ringy.requests.length).toBe(calls + 3);
    // Nothing was saved.
    expect(((await (await agent.client.request('GET', '/api/integrations/ringy')).json()) as { connected: boolean }).connected).toBe(false);
    // Signed out, nothing is tested.
    expect((await new ApiClient(own.portal.url).request('POST', '/api/integrations/ringy/test-connection', RINGY_ACCOUNT)).status).toBe(401);
  });

  it('tests Ringy’s credentials with Ringy before saving them: wrong ones are “Invalid credentials”, no answer is “Failed to test connection”', async () => {
    const agent = await own.account();
    const put = async (body: unknown) => {
      const answer = await agent.client.request('PUT', '/api/integrations/ringy', body);
      return [answer.status, ((await answer.json()) as { message?: string }).message ?? 'ok'];
    };
    const connected = async () => ((await (await agent.client.request('GET', '/api/integrations/ringy')).json()) as { connected: boolean }).connected;
    const calls = ringy.requests.length;
    expect(await put({ ...RINGY_ACCOUNT, authToken: 'not-the-token' })).toEqual([422, 'Invalid credentials']);
    expect(ringy.requests.length).toBe(calls + 1);
    expect(JSON.parse(ringy.requests.at(-1)!.body)).toEqual({ sid: RINGY_ACCOUNT.sid, authToken: 'not-the-token' });
    ringy.mode = 'server-error';
    expect(await put(RINGY_ACCOUNT)).toEqual([502, 'Failed to test connection']);
    ringy.mode = 'hang';
    expect(await put(RINGY_ACCOUNT)).toEqual([502, 'Failed to test connection']);
    expect(await connected()).toBe(false);
    ringy.mode = 'normal';
    const leadsBefore = ringy.leads.length;
    expect(await put(RINGY_ACCOUNT)).toEqual([200, 'ok']);
    expect(await connected()).toBe(true);
    // The test call creates no lead in the agent's Ringy account.
    expect(ringy.leads.length).toBe(leadsBefore);
    // Saving again with wrong credentials keeps the working ones.
    expect(await put({ ...RINGY_ACCOUNT, sid: 'AC-wrong' })).toEqual([422, 'Invalid credentials']);
    const stored = await own.pool.query<{ last4: string }>(
      `SELECT s.last4 FROM integration_secrets s JOIN integration_configs c USING (integration_id) WHERE c.user_id = $1 AND s.name = 'sid'`,
      [agent.userId],
    );
    expect(stored.rows[0]!.last4).toBe('••••cdef');
  });

  it('answers OnlySales’ webhook signing secret once, at the first connect, and keeps it when the form is saved again', async () => {
    const agent = await own.account();
    const form = { webhookUrl: 'https://crm.example.com/hook', apiKey: 'only-sales-key-0123456789-AAAA' };
    const first = (await (await agent.client.request('PUT', '/api/integrations/onlysales', form)).json()) as { signingSecret?: string };
    expect(first.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = first.signingSecret!;
    const view = await (await agent.client.request('GET', '/api/integrations/onlysales')).text();
    expect(view).not.toContain(secret.slice(6, 20));
    expect(JSON.parse(view).secretHints).toEqual({ apiKey: '••••AAAA', signingSecret: `••••${secret.slice(-4)}` });
    const again = (await (await agent.client.request('PUT', '/api/integrations/onlysales', { ...form, apiKey: 'only-sales-key-0123456789-BBBB' })).json()) as {
      signingSecret?: string;
    };
    expect(again.signingSecret).toBeUndefined();
    expect(((await (await agent.client.request('GET', '/api/integrations/onlysales')).json()) as { secretHints: Record<string, string> }).secretHints).toEqual({
      apiKey: '••••BBBB',
      signingSecret: `••••${secret.slice(-4)}`,
    });
    const stored = await own.pool.query<{ value: string }>(
      `SELECT s.value FROM integration_secrets s JOIN integration_configs c USING (integration_id) WHERE c.user_id = $1 AND s.name = 'signingSecret'`,
      [agent.userId],
    );
    expect(stored.rows[0]!.value).toMatch(/^v1:/);
    expect(stored.rows[0]!.value).not.toContain(secret.slice(6));
  });

  it('shows the signing secret to exactly one of 30 first connects sent at once, the one that is kept', async () => {
    const agent = await own.account();
    const answers = await inParallel(30, async (index) => {
      const answer = await agent.client.request('PUT', '/api/integrations/onlysales', {
        webhookUrl: 'https://crm.example.com/hook',
        apiKey: `parallel-key-${String(index).padStart(4, '0')}`,
      });
      return { status: answer.status, signingSecret: ((await answer.json()) as { signingSecret?: string }).signingSecret };
    });
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 30 });
    const shown = answers.flatMap((a) => (a.signingSecret ? [a.signingSecret] : []));
    expect(shown).toHaveLength(1);
    const { secretHints } = (await (await agent.client.request('GET', '/api/integrations/onlysales')).json()) as { secretHints: Record<string, string> };
    expect(secretHints.signingSecret).toBe(`••••${shown[0]!.slice(-4)}`);
  });
});
