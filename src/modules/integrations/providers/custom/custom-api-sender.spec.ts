import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NOTHING_ALLOWED, parseOutboundAllow } from '../../../../platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import type { DeliverableLead, IntegrationTarget } from '../../delivery/lead-sender.js';
import { newWebhookSecret } from '../../delivery/standard-webhooks.js';
import type { CustomSettings } from '../../domain/custom-integration.js';
import { CustomApiSender } from './custom-api-sender.js';

/** What the stand-in receiver saw of one request. */
type Received = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };

const HOSTILE = 'Jo"hn", "admin": true}\n{{last_name}}';
const lead: DeliverableLead = {
  leadId: 'lead-42',
  firstName: HOSTILE,
  lastName: 'Diaz',
  phone: '+13055550123',
  email: 'ana@example.com',
  state: 'FL',
  zip: '33101',
  city: 'Miami',
  dateOfBirth: '1970-04-02',
  age: 56,
  source: 'data_leads',
  tier: 'premium',
  companyName: null,
  campaignId: null,
  campaignName: 'Spring',
  priceCents: 1250,
  boughtAt: '2026-11-25T15:00:00.000Z',
  consent: null,
};

const API_KEY = 'custom-api-key-0123456789';
const TOKEN = 'header-token-abcdefghijkl';
const NOW = new Date('2026-11-25T15:00:00Z');

describe('the custom API sender, against a receiver on 127.0.0.1', () => {
  let server: http.Server;
  let base: string;
  const received: Received[] = [];
  const signingSecret = newWebhookSecret();
  const sender = new CustomApiSender(
    { http: new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 5_000 }) },
    { now: () => NOW, timeoutMs: 1_000 },
  );

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://receiver');
        received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
        const status = Number(url.pathname.match(/^\/status\/(\d+)$/)?.[1] ?? 200);
        if (url.pathname === '/never') return; // answers nothing: the sender's time runs out
        if (url.pathname === '/echo') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ headers: req.headers }));
        res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status} ${'x'.repeat(5_000)}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const target = (settings: Partial<Extract<CustomSettings, { type: 'api' }>>, secrets: Record<string, string> = {}): IntegrationTarget => ({
    integrationId: 'integration-1',
    userId: 'user-1',
    provider: 'custom',
    settings: {
      name: 'CRM',
      description: null,
      category: 'crm',
      type: 'api',
      endpoint: `${base}/leads`,
      method: 'POST',
      bodyTemplate: null,
      headerNames: [],
      ...settings,
    },
    secrets: { signingSecret, ...secrets },
  });
  const context = { deliveryId: 'delivery-1', attempt: 1, test: false };
  const last = () => received.at(-1)!;
  /** The receiver's own check, as the Standard Webhooks libraries do it. */
  const verifies = (r: Received) => {
    const expected = createHmac('sha256', Buffer.from(signingSecret.slice(6), 'base64'))
      .update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`)
      .digest('base64');
    return r.headers['webhook-signature'] === `v1,${expected}`;
  };

  it('POSTs the filled template as JSON, signed, with the API key and the custom headers, and a lead name that cannot break the JSON', async () => {
    const outcome = await sender.send(
      lead,
      target(
        { bodyTemplate: '{"name": "{{first_name}} {{last_name}}", "age": {{age}}, "price": {{price}}}', headerNames: ['X-Token'] },
        { apiKey: API_KEY, headers: JSON.stringify({ 'X-Token': TOKEN }) },
      ),
      context,
    );
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null, retryable: false });
    expect(outcome.preview).toHaveLength(2_048);
    const request = last();
    expect(request).toMatchObject({ method: 'POST', path: '/leads' });
    expect(JSON.parse(request.body)).toEqual({ name: `${HOSTILE} Diaz`, age: 56, price: 12.5 });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: `Bearer ${API_KEY}`,
      'x-token': TOKEN,
      'webhook-id': 'delivery-1',
      'webhook-timestamp': '1795618800',
    });
    expect(verifies(request)).toBe(true);
  });

  it('sends the lead as a JSON object without a template, and as form fields when the Content-Type says so', async () => {
    await sender.send(lead, target({ method: 'PUT' }), context);
    expect(last().method).toBe('PUT');
    expect(JSON.parse(last().body)).toMatchObject({ first_name: HOSTILE, lead_id: 'lead-42', price: 12.5 });
    await sender.send(
      lead,
      target(
        { method: 'PATCH', bodyTemplate: 'first={{first_name}}&zip={{zip}}', headerNames: ['Content-Type'] },
        { headers: JSON.stringify({ 'Content-Type': 'application/x-www-form-urlencoded' }) },
      ),
      context,
    );
    const form = new URLSearchParams(last().body);
    expect([...form.keys()]).toEqual(['first', 'zip']);
    expect(form.get('first')).toBe(HOSTILE);
    expect(verifies(last())).toBe(true);
  });

  it('sends GET and DELETE with the lead as query parameters, the endpoint’s own parameters kept, and no body', async () => {
    await sender.send(lead, target({ method: 'GET', endpoint: `${base}/leads?list=7&source=mine` }), context);
    expect(last()).toMatchObject({ method: 'GET', body: '' });
    expect(last().query.get('list')).toBe('7');
    expect(last().query.get('source')).toBe('mine');
    expect(last().query.get('first_name')).toBe(HOSTILE);
    expect(last().query.get('phone')).toBe('+13055550123');
    expect(verifies(last())).toBe(true);
    await sender.send(lead, target({ method: 'DELETE' }), context);
    expect(last()).toMatchObject({ method: 'DELETE', body: '' });
    expect(last().query.get('lead_id')).toBe('lead-42');
  });

  it('keeps the webhook-id across retries of one delivery, with a fresh signature each time', async () => {
    const later = new CustomApiSender(
      { http: new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 5_000 }) },
      { now: () => new Date(NOW.getTime() + 5_000) },
    );
    await sender.send(lead, target({}), context);
    const first = last();
    await later.send(lead, target({}), { ...context, attempt: 2 });
    expect(last().headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(last().headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
    expect(verifies(last())).toBe(true);
  });

  it('says which refusals are final and which are worth another try', async () => {
    const at = async (status: number) => {
      const { ok, status: got, retryable, error } = await sender.send(lead, target({ endpoint: `${base}/status/${status}` }), context);
      return { ok, got, retryable, error };
    };
    expect(await at(201)).toEqual({ ok: true, got: 201, retryable: false, error: null });
    expect(await at(400)).toEqual({ ok: false, got: 400, retryable: true, error: 'The endpoint refused the lead (400)' });
    expect(await at(401)).toEqual({ ok: false, got: 401, retryable: true, error: 'The endpoint refused the credentials (401): check the API key and headers' });
    expect(await at(404)).toMatchObject({ retryable: true });
    expect(await at(422)).toMatchObject({ retryable: true });
    expect(await at(408)).toMatchObject({ ok: false, retryable: true });
    expect(await at(429)).toMatchObject({ ok: false, retryable: true });
    expect(await at(500)).toEqual({ ok: false, got: 500, retryable: true, error: 'The endpoint had an error (500)' });
    expect(await at(503)).toMatchObject({ retryable: true });
  });

  it('counts a timeout and a refused connection as worth another try, with no status', async () => {
    expect(await sender.send(lead, target({ endpoint: `${base}/never` }), context)).toMatchObject({
      ok: false,
      status: null,
      retryable: true,
      error: expect.stringContaining('within 1 s'),
    });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sender.send(lead, target({ endpoint: `http://127.0.0.1:${port}/x` }), context)).toMatchObject({
      ok: false,
      status: null,
      retryable: true,
      error: `127.0.0.1:${port} refused the connection`,
    });
  });

  it('is refused by the fence for a private address not allowed, finally, without sending', async () => {
    const fenced = new CustomApiSender({ http: new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 1_000 }) });
    const before = received.length;
    const outcome = await fenced.send(lead, target({}), context);
    expect(outcome).toMatchObject({ ok: false, status: null, retryable: false });
    expect(outcome.error).toMatch(/^Refused: the address 127\.0\.0\.1/);
    expect(received.length).toBe(before);
  });

  it('never puts a secret in the outcome, even when the endpoint echoes the request back', async () => {
    const outcome = await sender.send(
      lead,
      target({ endpoint: `${base}/echo`, headerNames: ['X-Token'] }, { apiKey: API_KEY, headers: JSON.stringify({ 'X-Token': TOKEN }) }),
      context,
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.preview).toContain('"x-token":"••••"');
    for (const secret of [API_KEY, TOKEN, signingSecret, signingSecret.slice(6)]) expect(JSON.stringify(outcome)).not.toContain(secret);
  });

  it('sends nothing for a link integration', async () => {
    const before = received.length;
    const outcome = await sender.send(
      lead,
      { ...target({}), settings: { name: 'Docs', description: null, category: 'other', type: 'link', url: `${base}/docs` } },
      context,
    );
    expect(outcome).toMatchObject({ ok: false, status: null, retryable: false, error: 'A link integration opens its page; it receives no leads.' });
    expect(received.length).toBe(before);
  });
});
