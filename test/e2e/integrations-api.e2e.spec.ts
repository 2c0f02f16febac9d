// Integrations over HTTP (issue 11): the five providers, each form's messages, secrets kept
// encrypted and never answered, disconnect, and one agent's connections apart from another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPortal, type OwnPortal } from './support/own-portal.js';

describe('integrations over HTTP', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    own = await startOwnPortal();
  }, 90_000);
  afterAll(async () => own?.close());

  it('lists the five providers, connects each form with the spec’s messages, keeps secrets encrypted and never answers them', async () => {
    const agent = await own.account();
    const list = async () => ((await (await agent.client.request('GET', '/api/integrations')).json()) as { providers: { providerId: string; concept: string; connected: boolean }[] }).providers;
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
    expect(await put('vanillasoft', { credentialName: 'Main', postingUrl: 'https://new.vanillasoft.net/post.aspx?id=9', fieldMappings: 'not json' })).toEqual([400, 'Invalid JSON format for field mappings']);
    expect((await put('textdrip', {}))[0]).toBe(400);
    expect((await agent.client.request('GET', '/api/integrations/salesforce')).status).toBe(404);

    const apiKey = 'only-sales-key-0123456789-ZZZZ';
    expect(await put('onlysales', { webhookUrl: 'https://crm.example.com/hook', apiKey })).toEqual([200, 'ok']);
    expect(await put('ringy', { sid: 'AC0123456789abcdef', authToken: 'ringy-token-abcdefghijkl' })).toEqual([200, 'ok']);
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
    expect(stored.rows.map((r) => r.name)).toEqual(['apiKey', 'authToken', 'sid']);
    for (const row of stored.rows) expect(row.value).toMatch(/^v1:/);
    expect(JSON.stringify(stored.rows)).not.toContain('only-sales-key');

    // Another agent sees none of it.
    const other = await own.account();
    expect(((await (await other.client.request('GET', '/api/integrations')).json()) as { providers: { connected: boolean }[] }).providers.every((p) => !p.connected)).toBe(true);
    expect((await other.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(409);

    // Disconnect keeps the settings, inactive.
    expect((await agent.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(200);
    expect(await (await agent.client.request('GET', '/api/integrations/onlysales')).json()).toMatchObject({ connected: false, settings: { webhookUrl: 'https://crm.example.com/hook' } });
    expect((await agent.client.request('POST', '/api/integrations/onlysales/disconnect')).status).toBe(409);
    expect((await list()).filter((p) => p.connected).map((p) => p.providerId)).toEqual(['ringy']);
  });
});
