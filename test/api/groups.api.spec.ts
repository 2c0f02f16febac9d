import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

const agent = async (name = 'groups') => {
  const account = await freshAgent(name);
  return { ...account, client: await signedInClient(account.email, account.password) };
};
const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;
type Group = { groupId: string; name: string; memberCount: number };
type GroupDetail = { groupId: string; name: string; members: { memberId: string; name: string; email: string }[] };
type ImportReport = { groupsCreated: number; membersAdded: number; rows: { row: number; ok: boolean; status: string; message: string }[] };
const groupsOf = async (client: ApiClient) => (await json<{ groups: Group[] }>(client.request('GET', '/api/groups'))).groups;

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
      owner.client.request('POST', `/api/groups/${groupId}/members`, {
        emails: [ana.email, ben.email.toUpperCase(), 'nobody@agents.test', owner.email, ana.email],
      }),
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
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual([ana.email, ben.email].sort());

    const anaId = detail.members.find((m) => m.email === ana.email)!.memberId;
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}/members/${anaId}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}/members/${anaId}`)).status).toBe(404);
    expect((await json<{ groups: Group[] }>(owner.client.request('GET', '/api/groups'))).groups).toEqual([
      expect.objectContaining({ groupId, name: 'Team South', memberCount: 1 }),
    ]);
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
      .poll(
        async () => {
          const { events } = await json<{ events: { details: { resource?: string } }[] }>(
            admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${users[0]!.id}`),
          );
          return events.filter((event) => event.details.resource === 'group').length;
        },
        { timeout: 10_000 },
      )
      .toBe(4);
    expect((await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`))).name).toBe('Private');
  });

  it('makes one group of a name when 30 requests create it at once', async () => {
    const owner = await agent();
    const statuses = await inParallel(30, async () => (await owner.client.request('POST', '/api/groups', { name: 'Race' })).status);
    expect(tally(statuses)).toEqual({ 201: 1, 409: 29 });
  });

  it('imports groups and members from CSV, answering each row, adding nothing twice, and touching only the importer’s groups', async () => {
    const owner = await agent();
    const other = await agent('other');
    const [ana, ben] = [await agent('ana'), await agent('ben')];
    const { groupId: existing } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Team North' }));
    const { groupId: othersGroup } = await json<{ groupId: string }>(other.client.request('POST', '/api/groups', { name: 'Team North' }));
    const csv = [
      'group name,member email',
      `team north,${ana.email.toUpperCase()}`,
      `Team South,${ben.email}`,
      `Team South,${ana.email}`,
      'Empty Team,',
      ',someone@agents.test',
      'Team South,not-an-email',
      'Team South,nobody@agents.test',
      `Team South,${owner.email}`,
      `Team South,${ben.email}`,
      `${'x'.repeat(81)},${ana.email}`,
    ].join('\n');
    const first = await owner.client.request('POST', '/api/groups/import', { csv });
    expect(first.status).toBe(200);
    const report = (await first.json()) as ImportReport;
    expect(report.rows.map((r) => [r.row, r.ok, r.status])).toEqual([
      [2, true, 'added'],
      [3, true, 'added'],
      [4, true, 'added'],
      [5, true, 'group-created'],
      [6, false, 'missing-group-name'],
      [7, false, 'invalid-email'],
      [8, false, 'unknown-email'],
      [9, false, 'self'],
      [10, false, 'already-member'],
      [11, false, 'group-name-too-long'],
    ]);
    expect(report.rows[4]!.message).toBe('Missing group name.');
    expect(report.rows[1]).toMatchObject({ group: 'Team South', email: ben.email, message: 'Added to the group.' });
    expect(report.rows[6]!.message).toBe('Unknown email: no agent has an account with this address.');
    expect(report).toMatchObject({ groupsCreated: 2, membersAdded: 3 });
    expect((await groupsOf(owner.client)).map((g) => [g.name, g.memberCount])).toEqual([
      ['Empty Team', 0],
      ['Team North', 1],
      ['Team South', 2],
    ]);
    expect((await groupsOf(owner.client)).find((g) => g.name === 'Team North')!.groupId).toBe(existing);

    const again = await json<ImportReport>(owner.client.request('POST', '/api/groups/import', { csv }));
    expect(again).toMatchObject({ groupsCreated: 0, membersAdded: 0 });
    expect(again.rows.slice(0, 4).map((r) => r.status)).toEqual(['already-member', 'already-member', 'already-member', 'group-exists']);
    expect((await groupsOf(owner.client)).map((g) => g.memberCount)).toEqual([0, 1, 2]);
    expect(await groupsOf(other.client)).toEqual([expect.objectContaining({ groupId: othersGroup, name: 'Team North', memberCount: 0 })]);

    const exported = await owner.client.request('GET', '/api/groups/export.csv');
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toContain('groups.csv');
    const lines = (await exported.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('group name,member name,member email');
    expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')[2]])).toEqual([
      ['Empty Team', ''],
      ['Team North', ana.email],
      ...[ana.email, ben.email].sort().map((email) => ['Team South', email]),
    ]);
    expect((await other.client.request('GET', '/api/groups/export.csv').then((r) => r.text())).trimEnd().split('\r\n')).toEqual([
      'group name,member name,member email',
      'Team North,,',
    ]);
  });

  it('refuses an import file that is not one, with a message and never a 500', async () => {
    const owner = await agent();
    const refusal = async (body: unknown) => {
      const response = await owner.client.request('POST', '/api/groups/import', body);
      return [response.status, ((await response.json()) as { message: string }).message];
    };
    expect(await refusal({ csv: 'Team,ana@agents.test\n' })).toEqual([400, 'The first row must name the columns: group name, member email.']);
    expect(await refusal({ csv: 'group,email\n' })).toEqual([400, 'The file has no rows below its header.']);
    expect(await refusal({ csv: 'group,email\n"Team,ana@agents.test' })).toEqual([400, 'The file could not be read as CSV (line 2).']);
    expect(await refusal({ csv: `group,email\n${'Team,\n'.repeat(5_001)}` })).toEqual([400, 'At most 5,000 rows at a time: please split the file.']);
    expect((await refusal({ csv: `group,email\n${'x'.repeat(1_000_001)}` }))[0]).toBe(400);
    expect((await refusal({ csv: 'group,email\nTe\u0000am,\n' }))[0]).toBe(400);
    expect((await refusal({ csv: 42 }))[0]).toBe(400);
    expect((await refusal(undefined))[0]).toBe(400);
    expect(await groupsOf(owner.client)).toEqual([]);
  });
});
