import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { portalUrl, signedInClient } from '../support/portal/portal.js';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\uD800y';
const UNSTORABLE = 'Contains characters that cannot be stored (a NUL character or a broken Unicode sequence).';

/** A 400 in the portal's shape whose field errors name exactly `fields`. */
async function expectRefused(response: Response, fields: string[]): Promise<void> {
  const body = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status: 400, body: { status: 400, code: 'VALIDATION_FAILED', requestId: expect.any(String) } });
  expect(body.fieldErrors.map((error: { field: string; message: string }) => error.field).sort()).toEqual([...fields].sort());
  for (const error of body.fieldErrors) expect(error.message).toBe(UNSTORABLE);
}

describe('bytes PostgreSQL cannot store are refused at validation with 400 naming the field', () => {
  let admin: ApiClient;
  let agent: ApiClient;
  beforeAll(async () => {
    admin = await signedInClient('admin@portal.test');
    agent = await signedInClient('agent@portal.test');
  });

  it.each([
    ['a NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])("in sign-up's display name and e-mail (%s)", async (_, bad) => {
    const response = await new ApiClient(portalUrl()).request('POST', '/api/auth/sign-up', {
      email: `bytes${bad}@portal.test`,
      password: 'long-enough-pass-1',
      displayName: `Dana ${bad}`,
      satLeaderEmail: 'sam.rivera@portal.test',
    });
    await expectRefused(response, ['email', 'displayName']);
  });

  it('in sign-in, forgot-password and the access-code check', async () => {
    const anyone = new ApiClient(portalUrl());
    await expectRefused(await anyone.request('POST', '/api/auth/sign-in', { email: `x${NUL}@portal.test`, password: LONE_SURROGATE }), ['email', 'password']);
    await expectRefused(await anyone.request('POST', '/api/auth/forgot-password', { email: `x${LONE_SURROGATE}@portal.test` }), ['email']);
    await expectRefused(await agent.request('POST', '/api/access/verify', { code: NUL }), ['code']);
  });

  it('in query strings: the admin user search, the security event filters, the outbox filter', async () => {
    await expectRefused(await admin.request('GET', '/api/admin/users?search=ann%00'), ['search']);
    await expectRefused(await admin.request('GET', '/api/admin/security/events?userId=%00&ip=1.2.3.4%00'), ['userId', 'ip']);
    await expectRefused(await admin.request('GET', '/api/admin/outbox?to=a%00%40portal.test'), ['to']);
  });

  it('in alert notes and access-code labels, nested fields included', async () => {
    await expectRefused(await admin.request('POST', `/api/admin/security/alerts/${crypto.randomUUID()}`, { status: 'acknowledged', note: LONE_SURROGATE }), [
      'note',
    ]);
    await expectRefused(await admin.request('POST', '/api/admin/access-codes', { label: NUL, grantsHours: 1 }), ['label']);
    await expectRefused(await admin.request('POST', '/api/admin/access-codes', { label: 'ok', grantsHours: 1, extra: { deep: [NUL] } }), ['extra.deep.0']);
  });

  it('in a path parameter, named by the parameter', async () => {
    await expectRefused(await admin.request('DELETE', '/api/admin/approved-emails/someone%00%40portal.test'), ['email']);
    await expectRefused(await admin.request('POST', '/api/admin/access-codes/%00/disable'), ['codeId']);
  });
});

describe("Fastify's own refusals come out in the portal's one error shape", () => {
  const shape = (status: number, code: string) => ({ status, code, message: expect.any(String) });

  it('a broken percent-encoding in the address (FST_ERR_BAD_URL), on the API and on a page path', async () => {
    for (const path of ['/api/admin/users/%E0%A4%A', '/about%zz']) {
      const response = await fetch(`${portalUrl()}${path}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({
        ...shape(400, 'BAD_REQUEST'),
        message: 'The address is not valid: it holds a broken percent-encoding.',
        requestId: expect.any(String),
      });
    }
  });

  it('a body that is not JSON, and one over the size limit', async () => {
    const post = (body: string) => fetch(`${portalUrl()}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const badJson = await post('{"email": ');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ ...shape(400, 'BAD_REQUEST'), message: 'The request body is not valid JSON.', requestId: expect.any(String) });
    const tooLarge = await post(JSON.stringify({ email: 'x'.repeat(1_100_000) }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      ...shape(413, 'PAYLOAD_TOO_LARGE'),
      message: 'The request body is larger than 1 MB, the most the portal accepts.',
      requestId: expect.any(String),
    });
  });

  it('headers too large (431), answered before any request exists', async () => {
    const { hostname, port } = new URL(portalUrl());
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`GET /api/auth/session HTTP/1.1\r\nHost: ${hostname}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/^content-type: application\/json; charset=utf-8$/m);
    expect(head).toMatch(/^x-content-type-options: nosniff$/m);
    expect(JSON.parse(body!)).toEqual({ ...shape(431, 'HEADERS_TOO_LARGE'), message: 'The request headers are too large.' });
  });
});
