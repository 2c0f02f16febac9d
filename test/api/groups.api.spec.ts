import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

const agent = async (name = 'groups') => {
  const account = await freshAgent(name);
  return { ...account, client: await signedInClient(account.email, account.password) };
};
const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;
type Group = { groupId: string; name: string; memberCount: number; invitedCount: number };
type GroupDetail = {
  groupId: string;
  name: string;
  members: { memberId: string; name: string; email: string }[];
  invitations: { email: string; status: string; invitedAt: string }[];
};
type ImportReport = {
  groupsCreated: number;
  invited: number;
  rows: { row: number; group: string; email: string; ok: boolean; status: string; message: string }[];
};
const groupsOf = async (client: ApiClient) => (await json<{ groups: Group[] }>(client.request('GET', '/api/groups'))).groups;
const accept = (client: ApiClient, groupId: string) => client.request('POST', `/api/groups/invitations/${groupId}/accept`);
const invitationsOf = async (client: ApiClient) =>
  (await json<{ invitations: Record<string, unknown>[] }>(client.request('GET', '/api/groups/invitations'))).invitations;
const membershipsOf = async (client: ApiClient) =>
  (await json<{ memberships: Record<string, unknown>[] }>(client.request('GET', '/api/groups/memberships'))).memberships;
const assigneesOf = async (client: ApiClient) =>
  (await json<{ assignees: { userId: string; email: string; name: string | null }[] }>(client.request('GET', '/api/leads/assignees'))).assignees;
const demoAdmin = () => signedInClient('admin@portal.test');
const mailsTo = async (email: string) =>
  (await json<{ messages: { subject: string; text: string }[] }>((await demoAdmin()).request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)))
    .messages;
const userIdOf = async (email: string) =>
  (await json<{ users: { id: string }[] }>((await demoAdmin()).request('GET', `/api/admin/users?search=${encodeURIComponent(email)}`))).users[0]!.id;

describe('groups over HTTP', () => {
  it('creates, renames, invites, exports and deletes a group, on the server; invited people join by accepting', async () => {
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
    expect(added.members.map((m) => m.status)).toEqual(['invited', 'invited', 'invited', 'self', 'already']);
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: ['not-an-email'] })).status).toBe(400);
    // Invited is not in: the group shows each address as typed, with no name and no account behind it.
    const invited = await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`));
    expect(invited.members).toEqual([]);
    expect(invited.invitations).toEqual(
      [ana.email, ben.email, 'nobody@agents.test'].sort().map((email) => ({ email, status: 'invited', invitedAt: expect.any(String) })),
    );
    expect((await accept(ana.client, groupId)).status).toBe(200);
    expect((await accept(ben.client, groupId)).status).toBe(200);

    expect((await owner.client.request('PATCH', `/api/groups/${groupId}`, { name: 'Team South' })).status).toBe(200);
    const detail = await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`));
    expect(detail.name).toBe('Team South');
    expect(detail.members.map((m) => m.email).sort()).toEqual([ana.email, ben.email].sort());
    expect(detail.invitations.map((i) => i.email)).toEqual(['nobody@agents.test']);
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
    // The owner takes back the invitation nobody answered.
    const cancel = () => owner.client.request('DELETE', `/api/groups/${groupId}/invitations/${encodeURIComponent('Nobody@agents.test')}`);
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(404);
    expect((await json<{ groups: Group[] }>(owner.client.request('GET', '/api/groups'))).groups).toEqual([
      expect.objectContaining({ groupId, name: 'Team South', memberCount: 1, invitedCount: 0 }),
    ]);
    expect((await owner.client.request('DELETE', `/api/groups/${groupId}`)).status).toBe(200);
    expect((await json<{ groups: Group[] }>(owner.client.request('GET', '/api/groups'))).groups).toEqual([]);
    expect(await membershipsOf(ben.client)).toEqual([]);
  });

  it('answers a known address, an admin’s and an unknown one byte for byte alike, so groups tell nobody who has an account', async () => {
    const owner = await agent();
    const known = await agent('known');
    const admin = await freshAdmin();
    const unknown = `unknown-${randomUUID().slice(0, 8)}@agents.test`;
    const answers: { email: string; status: number; type: string | null; body: string }[] = [];
    for (const email of [known.email, admin.email, unknown]) {
      const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: `For ${email}` }));
      const response = await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [email] });
      answers.push({ email, status: response.status, type: response.headers.get('content-type'), body: (await response.text()).replaceAll(groupId, 'GROUP') });
      // The owner's group shows each the same way: the address typed, invited.
      const detail = await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`));
      expect(
        JSON.stringify({
          ...detail,
          groupId: 'GROUP',
          name: 'NAME',
          createdAt: 'T',
          invitations: detail.invitations.map((i) => ({ ...i, invitedAt: 'T' })),
        }).replaceAll(email, 'EMAIL'),
      ).toBe(
        JSON.stringify({ groupId: 'GROUP', name: 'NAME', createdAt: 'T', members: [], invitations: [{ email: 'EMAIL', status: 'invited', invitedAt: 'T' }] }),
      );
    }
    const anonymous = answers.map(({ email, status, type, body }) => ({ status, type, body: body.replaceAll(email, 'EMAIL') }));
    expect(anonymous[0]).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: '{"groupId":"GROUP","members":[{"email":"EMAIL","status":"invited"}]}',
    });
    expect(anonymous[1]).toEqual(anonymous[0]);
    expect(anonymous[2]).toEqual(anonymous[0]);
    // The import answers each row alike too.
    const report = await json<ImportReport>(
      owner.client.request('POST', '/api/groups/import', { csv: `group,email\nImported,${known.email}\nImported,${admin.email}\nImported,${unknown}\n` }),
    );
    expect(report.rows.map(({ row: _row, email, ...rest }) => JSON.stringify(rest).replaceAll(email, 'EMAIL'))).toEqual(
      Array(3).fill(JSON.stringify({ group: 'Imported', ok: true, status: 'invited', message: 'Invited to the group.' })),
    );
    // Only an account's holder is mailed (once per invitation); nothing goes to an address nobody signs in with.
    await expect.poll(async () => (await mailsTo(known.email)).filter((m) => m.subject.includes('invited you to a group')).length).toBe(2);
    await expect.poll(async () => (await mailsTo(admin.email)).filter((m) => m.subject.includes('invited you to a group')).length).toBe(2);
    const mail = (await mailsTo(admin.email)).find((m) => m.text.includes(`invited you to their group “For ${admin.email}”`));
    expect(mail?.subject).toBe(`${owner.email.split('@')[0]} invited you to a group on the Agent Portal`);
    expect(mail!.text).toMatch(/https?:\/\/\S+\/groups\n/);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('keeps an invited person off the assignee list until they accept, and lets them leave', async () => {
    const owner = await agent();
    const member = await agent('member');
    const memberId = await userIdOf(member.email);
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Closers' }));
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] })).status).toBe(200);
    expect(await assigneesOf(owner.client)).toEqual([]);
    // The invitee sees it in the portal, with who asked.
    expect(await invitationsOf(member.client)).toEqual([
      { groupId, groupName: 'Closers', ownerName: owner.email.split('@')[0], ownerEmail: owner.email, invitedAt: expect.any(String) },
    ]);
    expect(await invitationsOf(owner.client)).toEqual([]);

    expect((await accept(member.client, groupId)).status).toBe(200);
    expect(await assigneesOf(owner.client)).toEqual([{ userId: memberId, email: member.email, name: member.email.split('@')[0] }]);
    expect(await invitationsOf(member.client)).toEqual([]);
    expect(await membershipsOf(member.client)).toEqual([expect.objectContaining({ groupId, groupName: 'Closers', ownerEmail: owner.email })]);

    const leave = () => member.client.request('DELETE', `/api/groups/memberships/${groupId}`);
    expect((await leave()).status).toBe(200);
    expect((await leave()).status).toBe(404);
    expect(await assigneesOf(owner.client)).toEqual([]);
    expect((await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`))).members).toEqual([]);
  });

  it('drops a declined invitation: not a member, not assignable, and it cannot be accepted after', async () => {
    const owner = await agent();
    const member = await agent('decliner');
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Declined' }));
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] })).status).toBe(200);
    expect((await member.client.request('POST', `/api/groups/invitations/${groupId}/decline`)).status).toBe(200);
    expect(await invitationsOf(member.client)).toEqual([]);
    const detail = await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`));
    expect([detail.members, detail.invitations]).toEqual([[], []]);
    const late = await accept(member.client, groupId);
    expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([404, 'This invitation is no longer open.']);
    expect((await member.client.request('POST', `/api/groups/invitations/${groupId}/decline`)).status).toBe(404);
    expect(await assigneesOf(owner.client)).toEqual([]);
    expect(await membershipsOf(member.client)).toEqual([]);
  });

  it('lets nobody but the invited address answer an invitation', async () => {
    const owner = await agent();
    const [invitee, other] = [await agent('invitee'), await agent('other')];
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Only you' }));
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [invitee.email] })).status).toBe(200);
    expect((await accept(other.client, groupId)).status).toBe(404);
    expect((await accept(owner.client, groupId)).status).toBe(404);
    expect((await other.client.request('POST', `/api/groups/invitations/${groupId}/decline`)).status).toBe(404);
    expect((await accept(other.client, 'not-a-group')).status).toBe(400);
    expect(await invitationsOf(invitee.client)).toHaveLength(1);
    expect(await assigneesOf(owner.client)).toEqual([]);
  });

  it('makes one invitation of 30 at once, and one membership of 30 accepts at once', async () => {
    const owner = await agent();
    const member = await agent('racer');
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Race' }));
    const invited = await inParallel(30, async () => {
      const answer = await json<{ members: { status: string }[] }>(owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] }));
      return answer.members[0]!.status;
    });
    expect(tally(invited)).toEqual({ invited: 1, already: 29 });
    // One invitation, so one mail.
    await expect.poll(async () => (await mailsTo(member.email)).filter((m) => m.subject.includes('invited you to a group')).length).toBe(1);
    expect(tally(await inParallel(30, async () => (await accept(member.client, groupId)).status))).toEqual({ 200: 1, 404: 29 });
    expect((await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`))).members.map((m) => m.email)).toEqual([member.email]);
    expect(await assigneesOf(owner.client)).toHaveLength(1);
  });

  it('keeps an invitation for an address until someone makes an account with it', async () => {
    const owner = await agent();
    const email = `later-${randomUUID().slice(0, 8)}@agents.test`;
    const { groupId } = await json<{ groupId: string }>(owner.client.request('POST', '/api/groups', { name: 'Waiting' }));
    expect((await owner.client.request('POST', `/api/groups/${groupId}/members`, { emails: [email] })).status).toBe(200);
    const password = `Later-${randomUUID().slice(0, 8)}-Pass`;
    await createConfirmedAccount(email, password);
    const later = await signedInClient(email, password);
    expect(await invitationsOf(later)).toEqual([expect.objectContaining({ groupId, groupName: 'Waiting' })]);
    expect((await accept(later, groupId)).status).toBe(200);
    expect((await assigneesOf(owner.client)).map((a) => a.email)).toEqual([email]);
    expect((await mailsTo(email)).filter((m) => m.subject.includes('invited you to a group'))).toEqual([]);
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
      ['DELETE', `/api/groups/${groupId}/invitations/${encodeURIComponent(other.email)}`, undefined],
    ];
    for (const [method, path, body] of tries) expect([method, path, (await other.client.request(method, path, body)).status]).toEqual([method, path, 404]);
    expect((await json<{ groups: Group[] }>(other.client.request('GET', '/api/groups'))).groups).toEqual([]);
    const admin: ApiClient = await freshAdmin().then((account) => signedInClient(account.email, account.password));
    const { users } = await json<{ users: { id: string }[] }>(admin.request('GET', `/api/admin/users?search=${encodeURIComponent(other.email)}`));
    await expect
      .poll(async () => {
        const { events } = await json<{ events: { details: { resource?: string } }[] }>(
          admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${users[0]!.id}`),
        );
        return events.filter((event) => event.details.resource === 'group').length;
      })
      .toBe(5);
    expect((await json<GroupDetail>(owner.client.request('GET', `/api/groups/${groupId}`))).name).toBe('Private');
  });

  it('makes one group of a name when 30 requests create it at once', async () => {
    const owner = await agent();
    const statuses = await inParallel(30, async () => (await owner.client.request('POST', '/api/groups', { name: 'Race' })).status);
    expect(tally(statuses)).toEqual({ 201: 1, 409: 29 });
  });

  it('imports groups and invitations from CSV, answering each row, adding nothing twice, and touching only the importer’s groups', async () => {
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
      [2, true, 'invited'],
      [3, true, 'invited'],
      [4, true, 'invited'],
      [5, true, 'group-created'],
      [6, false, 'missing-group-name'],
      [7, false, 'invalid-email'],
      [8, true, 'invited'],
      [9, false, 'self'],
      [10, false, 'already-member'],
      [11, false, 'group-name-too-long'],
    ]);
    expect(report.rows[4]!.message).toBe('Missing group name.');
    expect(report.rows[1]).toMatchObject({ group: 'Team South', email: ben.email, message: 'Invited to the group.' });
    expect(report.rows[6]).toMatchObject({ group: 'Team South', email: 'nobody@agents.test', message: 'Invited to the group.' });
    expect(report).toMatchObject({ groupsCreated: 2, invited: 4 });
    const counts = async (client: ApiClient) => (await groupsOf(client)).map((g) => [g.name, g.memberCount, g.invitedCount]);
    expect(await counts(owner.client)).toEqual([
      ['Empty Team', 0, 0],
      ['Team North', 0, 1],
      ['Team South', 0, 3],
    ]);
    const groups = await groupsOf(owner.client);
    expect(groups.find((g) => g.name === 'Team North')!.groupId).toBe(existing);
    for (const group of groups.filter((g) => g.name !== 'Empty Team')) expect((await accept(ana.client, group.groupId)).status).toBe(200);
    expect((await accept(ben.client, groups.find((g) => g.name === 'Team South')!.groupId)).status).toBe(200);

    const again = await json<ImportReport>(owner.client.request('POST', '/api/groups/import', { csv }));
    expect(again).toMatchObject({ groupsCreated: 0, invited: 0 });
    expect(again.rows.slice(0, 4).map((r) => r.status)).toEqual(['already-member', 'already-member', 'already-member', 'group-exists']);
    expect(await counts(owner.client)).toEqual([
      ['Empty Team', 0, 0],
      ['Team North', 1, 0],
      ['Team South', 2, 1],
    ]);
    expect(await groupsOf(other.client)).toEqual([expect.objectContaining({ groupId: othersGroup, name: 'Team North', memberCount: 0 })]);

    // The export lists members; an invitation nobody accepted is not one.
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
