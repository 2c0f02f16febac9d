import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { createAccessCode, freshAgent, signedInClient } from '../support/portal/portal.js';
import { json, supportAdmin } from '../support/portal/support-desk.js';

type Card = { id: string; tab: string; title: string; description: string; emoji: string; action: string; url: string | null; hidden?: boolean };
type Listing = { tabs: string[]; resources: Card[] };
type Refusal = { message: string; fieldErrors?: { field: string; message: string }[] };

let agent: ApiClient;
let admin: Awaited<ReturnType<typeof supportAdmin>>;
beforeAll(async () => {
  const account = await freshAgent('reader');
  agent = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'resources test');
  expect((await agent.request('POST', '/api/access/verify', { code })).status).toBe(200);
  admin = await supportAdmin();
});

const shown = () => json<Listing>(agent.request('GET', '/api/resources'));
const all = () => json<Listing>(admin.client.request('GET', '/api/admin/resources'));
const card = (overrides: Record<string, unknown> = {}) => ({
  tab: 'Lion Share',
  title: `Card ${randomUUID().slice(0, 8)}`,
  description: 'A test card',
  emoji: '🦁',
  url: 'https://example.com/lion',
  ...overrides,
});

describe('the resource links over HTTP', () => {
  it('shows agents the seven tabs of seeded cards, with Need Help? opening the help dialog', async () => {
    const listing = await shown();
    expect(listing.tabs).toEqual([
      'Essential Tools',
      'Meetings & Scheduling',
      'Lead Management',
      'Support & Guides',
      'Events & Incentives',
      'Lion Share',
      'Additional Resources',
    ]);
    expect(new Set(listing.resources.map((r) => r.tab)).size).toBe(7);
    expect(listing.resources.find((r) => r.id === 'need-help')).toMatchObject({ action: 'help-request', url: null });
    expect((await fetch(`${agent.baseUrl}/api/resources`)).status).toBe(401);
  });

  it('lets only admins read the admin list, add, edit and move cards', async () => {
    const id = (await json<{ resourceId: string }>(admin.client.request('POST', '/api/admin/resources', card()))).resourceId;
    expect((await agent.request('GET', '/api/admin/resources')).status).toBe(403);
    expect((await agent.request('POST', '/api/admin/resources', card())).status).toBe(403);
    expect((await agent.request('PUT', `/api/admin/resources/${id}`, card({ title: 'Taken over' }))).status).toBe(403);
    expect((await agent.request('PUT', `/api/admin/resources/${id}/position`, { tab: 'Lion Share', index: 0 })).status).toBe(403);
    expect((await shown()).resources.find((r) => r.id === id)?.title).not.toBe('Taken over');
  });

  it('refuses an address that is not http(s) or a portal path, and a link without one', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', '//evil.example.com', 'example.com', 'http:evil.example', 'https:/\\evil.example']) {
      const refused = await admin.client.request('POST', '/api/admin/resources', card({ url }));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as Refusal).fieldErrors).toEqual([
        { field: 'url', message: 'The address must start with http://, https:// or / (a page of the portal)' },
      ]);
    }
    // Any case of the scheme is an address: stored in URL's own form (the database accepts only that).
    for (const [url, stored] of [
      ['HTTP://x.example', 'http://x.example/'],
      ['Https://Example.com/Path?q=1', 'https://example.com/Path?q=1'],
    ]) {
      const created = await admin.client.request('POST', '/api/admin/resources', card({ url }));
      expect(created.status).toBe(201);
      const { resourceId } = (await created.json()) as { resourceId: string };
      expect((await shown()).resources.find((r) => r.id === resourceId)?.url).toBe(stored);
    }
    const noUrl = await admin.client.request('POST', '/api/admin/resources', card({ url: null }));
    expect(((await noUrl.json()) as Refusal).fieldErrors).toEqual([{ field: 'url', message: 'A link needs an address' }]);
    expect((await admin.client.request('POST', '/api/admin/resources', card({ tab: 'Elsewhere' }))).status).toBe(400);
    expect((await admin.client.request('PUT', '/api/admin/resources/no-such-card', card())).status).toBe(404);
  });

  it('edits, reorders, moves between tabs and hides a card; agents see each change; every change is audited', async () => {
    const first = (await json<{ resourceId: string }>(admin.client.request('POST', '/api/admin/resources', card()))).resourceId;
    const second = (await json<{ resourceId: string }>(admin.client.request('POST', '/api/admin/resources', card({ url: '/campaigns' })))).resourceId;
    const order = async (tab: string) => (await shown()).resources.filter((r) => r.tab === tab).map((r) => r.id);
    expect((await order('Lion Share')).slice(-2)).toEqual([first, second]);

    expect((await admin.client.request('PUT', `/api/admin/resources/${first}`, card({ title: 'Lion Share Guide' }))).status).toBe(200);
    expect((await shown()).resources.find((r) => r.id === first)).toMatchObject({ title: 'Lion Share Guide', url: 'https://example.com/lion' });

    expect(await json(admin.client.request('PUT', `/api/admin/resources/${second}/position`, { tab: 'Lion Share', index: 0 }))).toEqual({ position: 0 });
    expect((await order('Lion Share'))[0]).toBe(second);

    expect((await admin.client.request('PUT', `/api/admin/resources/${first}/position`, { tab: 'Essential Tools', index: 1 })).status).toBe(200);
    expect((await order('Essential Tools'))[1]).toBe(first);
    expect(await order('Lion Share')).not.toContain(first);

    expect(
      (await admin.client.request('PUT', `/api/admin/resources/${first}`, card({ tab: 'Essential Tools', title: 'Lion Share Guide', hidden: true }))).status,
    ).toBe(200);
    expect((await shown()).resources.map((r) => r.id)).not.toContain(first);
    expect((await all()).resources.find((r) => r.id === first)).toMatchObject({ hidden: true, tab: 'Essential Tools' });

    type Entry = { eventId: string; streamId: string };
    await expect
      .poll(async () => {
        const page = await admin.client.request('GET', `/api/admin/audit/events?actor=${encodeURIComponent(admin.email)}`);
        return ((await page.json()) as { events: Entry[] }).events.filter((e) => e.streamId === `resource-link-${first}`).length;
      })
      .toBe(4);
  });
});
