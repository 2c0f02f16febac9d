import { describe, expect, it } from 'vitest';
import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from './support/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from './support/portal.js';

const agent = async (name = 'groups') => {
  const account = await freshAgent(name);
  return { ...account, client: await signedInClient(account.email, account.password) };
};
const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;
type Group = { groupId: string; name: string; memberCount: number };
type GroupDetail = { groupId: string; name: string; members: { memberId: string; name: string; email: string }[] };

describe('groups over HTTP', () => {
  it('creates, renames, fills, exports and deletes a group, on the server', async () => {
    const owner = await agent();
    const [ana, ben] = [await agent('ana'), await agent('ben')];
    const created = await owner.client.request('POST', '/api/groups', { name: '  Team North ' });
    expect(created.status).toBe(201);
    const { groupId } = (await created.json()) as { groupId: string };
    expect((await owner.client.request('POST', '/api/groups', { name: 'team north' })).status).toBe(409);
    expect(await json(owner.client.request('POST', '/api/groups', { name: '' }))).toMatchObject({ message: 'Please enter a group name.' });

    const added = await json<{ members: { email: string; status: string }[] }>(
      owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [ana.email, ben.email.toUpperCase(), 'nobody@agents.test', owner.email, ana.email] }),
    );
    expect(added.members.map((m) => m.status)).toEqual(['added', 'added', 'unknown', 'self', 'already']);
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: ['not-an-email'] })).status).toBe(400);

    expect((await owner.client.request('PATCH', `/api/groups/${groupId}`, { name: 'Team South' })).status).toBe(200);
    const detail = await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`));
    expect(detail.name).toBe('Team South');
    expect(detail.members.map((m) => m.email).sort()).toEqual([ana.email, ben.email].sort());
    const csv = await owner.client.request('GET', `/api/groups/${groupId}/members.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,email');
    expect(lines.slice(1).map((line) => line.split(',')[1]).sort()).toEqual([ana.email, ben.email].sort());

    const anaId = detail.members.find((m) => m.email === ana.email)!.memberId;
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}/members/${anaId}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}/members/${anaId}`)).status).toBe(404);
    expect((await json<{ groups: Group[] }>(owner.client.request('GET', '/api/groups'))).groups).toEqual([expect.objectContaining({ groupId, name: 'Team South', memberCount: 1 })]);
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}`)).status).toBe(200);
    expect((await json<{ groups: Group[] }>(owner.client.request('GET', '/api/groups'))).groups).toEqual([]);
  });

  it('keeps one agent’s groups from another, and records the tries', async () => {
    const owner = await agent();
    const other = await agent('other');
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Private' }));
    const tries: [string, string, unknown][] = [
      ['GET', `/api/groups/${groupId}`, undefined],
      ['PATCH', `/api/groups/${groupId}`, { name: 'Mine now' }],
      ['DELETE', `/api/groups/${groupId}`, undefined],
      ['POST', `/api/groups/${groupId}/members`, { emails: [other.email] }],
    ];
    for (const [method, path, body] of tries) expect([method, path, (await other.client.request(method, path, body)).status]).toEqual([method, path, 404]);
    expect((await json<{ groups: Group[] }>(other.client.request('GET', '/api/groups'))).groups).toEqual([]);
    const admin: ApiClient = await freshAdmin().then((account) => signedInClient(account.email, account.password));
    const { users } = await json<{ users: { id: string }[] }>(admin.request('GET', `/api/admin/users?search=${encodeURIComponent(other.email)}`));
    await expect
      .poll(async () => {
        const { events } = await json<{ events: { details: { resource?: string } }[] }>(admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${users[0]!.id}`));
        return events.filter((event) => event.details.resource === 'group').length;
      }, { timeout: 10_000 })
      .toBe(4);
    expect((await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`))).name).toBe('Private');
  });

  it('makes one group of a name when 30 requests create it at once', async () => {
    const owner = await agent();
    const statuses = await inParallel(30, async () => (await owner.client.request('POST', '/api/groups', { name: 'Race' })).status);
    expect(tally(statuses)).toEqual({ 201: 1, 409: 29 });
  });
});
