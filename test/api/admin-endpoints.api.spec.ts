// Every admin endpoint the API documents refuses a signed-out caller (401) and a signed-in
// agent (403), and each refusal of the agent is recorded as an unauthorized_access event.
import { describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, portalUrl, signedInClient } from '../support/portal/portal.js';

const SOME_ID = '00000000-0000-4000-8000-000000000001';

async function adminEndpoints(): Promise<{ method: string; path: string }[]> {
  const document = (await (await fetch(`${portalUrl()}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, SOME_ID) })));
}

describe('admin endpoints', () => {
  it('refuse signed-out callers and agents, and record each refusal of an agent', async () => {
    const endpoints = await adminEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(12);
    const stranger = new ApiClient(portalUrl());
    const own = await freshAgent('refused');
    const agent = await signedInClient(own.email, own.password);
    const agentId = (await (await agent.request('GET', '/api/auth/session')).json()).user.id;
    for (const { method, path } of endpoints) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect([method, path, (await stranger.request(method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await agent.request(method, path, body)).status]).toEqual([method, path, 403]);
    }
    const admin = await signedInClient('admin@portal.test');
    await expect
      .poll(async () => {
        const { events } = await (await admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${agentId}&limit=500`)).json();
        const refused = new Set((events as { details: { path: string; method: string } }[]).map((e) => `${e.details.method} ${e.details.path}`));
        return endpoints.filter(({ method, path }) => !refused.has(`${method} ${path}`));
      })
      .toEqual([]);
  });
});
