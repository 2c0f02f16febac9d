import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { eventReader } from '../support/portal/event-stream.js';
import { freshAgent, signedInClient } from '../support/portal/portal.js';
import { json, supportAdmin } from '../support/portal/support-desk.js';

type Announcement = { id: string; title: string; content: string; shownFrom: string; publishFrom: string | null; expiresAt: string | null };
type Listing = { announcements: Announcement[]; nextChangeAt: string | null; upcoming?: Announcement[] };
type Refusal = { status: number; code: string; message: string; fieldErrors?: { field: string; message: string }[] };

const list = (client: ApiClient) => json<Listing>(client.request('GET', '/api/announcements'));
const create = (client: ApiClient, body: Record<string, unknown>, key = randomUUID()) =>
  client.request('POST', '/api/admin/announcements', body, { 'idempotency-key': key });
const created = async (client: ApiClient, body: Record<string, unknown>) => {
  const response = await create(client, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { announcementId: string }).announcementId;
};
const titles = async (client: ApiClient) => (await list(client)).announcements.map((a) => a.title);

async function agentClient() {
  const account = await freshAgent('reader');
  return signedInClient(account.email, account.password);
}

describe('announcements over HTTP', () => {
  it('refuses a blank title or content in the spec’s words, and anything but plain fields', async () => {
    const { client } = await supportAdmin();
    for (const body of [{ title: '   ', content: 'x' }, { title: 'x', content: '\n\t ' }, { content: 'x' }, {}]) {
      const refused = await create(client, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as Refusal).message).toBe('Title and content are required');
    }
    const window = await create(client, { title: 'x', content: 'y', publishFrom: '2030-01-02T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' });
    expect(((await window.json()) as Refusal).fieldErrors).toEqual([{ field: 'expiresAt', message: 'The expiry must be after the publish time' }]);
    expect((await create(client, { title: 'x', content: 'y', publishFrom: 'tomorrow' })).status).toBe(400);
    expect((await create(client, { title: 'x', content: 'y', isActive: false })).status).toBe(400);
  });

  it('makes one announcement of a request sent again under its Idempotency-Key, however many times at once', async () => {
    const { client } = await supportAdmin();
    const agent = await agentClient();
    const title = `Retried ${randomUUID()}`;
    const key = randomUUID();
    const answers = await inParallel(30, () => create(client, { title, content: 'Sent once' }, key));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 30 });
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as { announcementId: string }).announcementId)));
    expect(ids.size).toBe(1);
    expect((await titles(agent)).filter((shown) => shown === title)).toHaveLength(1);
    // The key names that request only; another body under it is refused, and no key is refused.
    expect((await create(client, { title, content: 'Something else' }, key)).status).toBe(409);
    const keyless = await client.request('POST', '/api/admin/announcements', { title, content: 'No key' });
    expect(keyless.status).toBe(400);
    expect(((await keyless.json()) as Refusal).message).toBe('Creating an announcement needs an Idempotency-Key header (a new random value per attempt).');
  });

  it('lets only admins write: an agent is refused creating, editing and deleting, and nobody signed out reads', async () => {
    const { client: admin } = await supportAdmin();
    const agent = await agentClient();
    const id = await created(admin, { title: `Admins only ${randomUUID()}`, content: 'Read me' });
    expect((await create(agent, { title: 'Mine', content: 'Not allowed' })).status).toBe(403);
    expect((await agent.request('PUT', `/api/admin/announcements/${id}`, { title: 'Changed', content: 'By an agent' })).status).toBe(403);
    expect((await agent.request('DELETE', `/api/admin/announcements/${id}`)).status).toBe(403);
    expect((await list(agent)).announcements.find((a) => a.id === id)).toMatchObject({ content: 'Read me' });
    expect((await fetch(`${(agent as unknown as { baseUrl: string }).baseUrl}/api/announcements`)).status).toBe(401);
  });

  it('lists every announcement for admins only, with its state, and refuses a cursor it did not give', async () => {
    const { client: admin } = await supportAdmin();
    const agent = await agentClient();
    const title = `Listed ${randomUUID()}`;
    const id = await created(admin, { title, content: 'On the admin page', publishFrom: new Date(Date.now() + 3_600_000).toISOString() });
    const page = await json<{ items: { id: string; state: string }[]; next: string | null }>(admin.request('GET', '/api/admin/announcements'));
    expect(page.items.find((item) => item.id === id)).toMatchObject({ title, state: 'scheduled' });
    expect((await agent.request('GET', '/api/admin/announcements')).status).toBe(403);
    const refused = await admin.request('GET', '/api/admin/announcements?after=2026-01-01|x');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Refusal).fieldErrors).toEqual([{ field: 'after', message: 'Not a page cursor' }]);
    expect((await admin.request('DELETE', `/api/admin/announcements/${id}`)).status).toBe(200);
  });

  it('shows everyone the five newest, edits in place and deletes softly (a deleted one is gone and cannot be edited or deleted again)', async () => {
    const { client: admin } = await supportAdmin();
    const agent = await agentClient();
    const run = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) ids.push(await created(admin, { title: `${run} #${n}`, content: `Number ${n}, see https://example.com/${n}` }));
    expect(await titles(agent)).toEqual([6, 5, 4, 3, 2].map((n) => `${run} #${n}`));

    expect((await admin.request('PUT', `/api/admin/announcements/${ids[5]}`, { title: `${run} #6 (edited)`, content: 'Changed' })).status).toBe(200);
    expect((await list(agent)).announcements[0]).toMatchObject({ id: ids[5], title: `${run} #6 (edited)`, content: 'Changed' });

    expect((await admin.request('DELETE', `/api/admin/announcements/${ids[5]}`)).status).toBe(200);
    // The sixth is deleted, so the first is among the five newest again.
    expect(await titles(agent)).toEqual([5, 4, 3, 2, 1].map((n) => `${run} #${n}`));
    expect((await admin.request('DELETE', `/api/admin/announcements/${ids[5]}`)).status).toBe(404);
    expect((await admin.request('PUT', `/api/admin/announcements/${ids[5]}`, { title: 'Back', content: 'Again' })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/announcements/${randomUUID()}`)).status).toBe(404);
    expect((await admin.request('DELETE', '/api/admin/announcements/not-an-id')).status).toBe(400);
    for (const id of ids.slice(0, 5)) expect((await admin.request('DELETE', `/api/admin/announcements/${id}`)).status).toBe(200);
  });

  it('shows one from its publish time until its expiry; admins see it scheduled before; the list says when it changes next', async () => {
    const { client: admin } = await supportAdmin();
    const agent = await agentClient();
    const title = `Windowed ${randomUUID()}`;
    const publishFrom = new Date(Date.now() + 3_000).toISOString();
    const expiresAt = new Date(Date.now() + 6_000).toISOString();
    const id = await created(admin, { title, content: 'Soon, briefly', publishFrom, expiresAt });

    const before = await list(agent);
    expect(before.announcements.map((a) => a.id)).not.toContain(id);
    expect(before.upcoming).toBeUndefined();
    expect(new Date(before.nextChangeAt!).getTime()).toBeLessThanOrEqual(new Date(publishFrom).getTime());
    expect((await list(admin)).upcoming?.find((a) => a.id === id)).toMatchObject({ title, publishFrom, expiresAt });

    await expect.poll(async () => (await titles(agent)).includes(title), { timeout: 10_000, interval: 250 }).toBe(true);
    expect((await list(agent)).announcements.find((a) => a.id === id)!.shownFrom).toBe(publishFrom);
    await expect.poll(async () => (await titles(agent)).includes(title), { timeout: 10_000, interval: 250 }).toBe(false);
  });

  it('tells every signed-in browser, live, when an admin announces, edits or deletes', async () => {
    const { client: admin } = await supportAdmin();
    const agent = await agentClient();
    const stream = eventReader(await agent.request('GET', '/api/realtime/stream'));
    const topics = () => stream.events.filter((e) => e.event === 'change').map((e) => (JSON.parse(e.data) as { topic: string }).topic);
    try {
      await expect.poll(() => stream.events.map((e) => e.event), { timeout: 10_000 }).toContain('ready');
      const id = await created(admin, { title: `Live ${randomUUID()}`, content: 'Hear this' });
      await expect.poll(() => topics().filter((t) => t === 'announcements').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const heard = topics().filter((t) => t === 'announcements').length;
      expect((await admin.request('DELETE', `/api/admin/announcements/${id}`)).status).toBe(200);
      await expect.poll(() => topics().filter((t) => t === 'announcements').length, { timeout: 15_000 }).toBeGreaterThan(heard);
    } finally {
      await stream.cancel();
    }
  });
});
