import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { signedInClient } from '../support/portal/portal.js';
import { json, mailsTo, newTicket, PDF, submitTicket, supportAdmin, supportAgent, uploadTicketFile, type TicketFile } from '../support/portal/support-desk.js';

type Message = {
  messageId: string;
  kind: 'reply' | 'note';
  side: 'agent' | 'admin';
  authorName: string;
  body: string;
  asksAgent: boolean;
  files: TicketFile[];
};
type Clock = { state: string; dueAt: string | null; remainingMs: number; label: string };
type Listed = { ticketId: string; waitingOnAgent: boolean; lastReplySide: string | null; sla: { firstResponse: Clock; resolution: Clock } | null };
type HelpRequest = Listed & { assigneeId: string | null; assigneeEmail: string | null };

const reply = (client: ApiClient, ticketId: string, body: string, extra: Record<string, unknown> = {}) =>
  client.request('POST', `/api/support/tickets/${ticketId}/replies`, { body, ...extra });
const adminReply = (client: ApiClient, ticketId: string, body: string, extra: Record<string, unknown> = {}) =>
  client.request('POST', `/api/admin/help-requests/${ticketId}/replies`, { body, ...extra });
const note = (client: ApiClient, ticketId: string, body: string) => client.request('POST', `/api/admin/help-requests/${ticketId}/internal-notes`, { body });
const replies = async (client: ApiClient, ticketId: string) =>
  (await json<{ replies: Message[] }>(client.request('GET', `/api/support/tickets/${ticketId}/replies`))).replies;
const conversation = async (client: ApiClient, ticketId: string) =>
  (await json<{ messages: Message[] }>(client.request('GET', `/api/admin/help-requests/${ticketId}/conversation`))).messages;
const myTicket = async (client: ApiClient, ticketId: string) =>
  (await json<{ tickets: Listed[] }>(client.request('GET', '/api/support/tickets'))).tickets.find((ticket) => ticket.ticketId === ticketId);
const inView = async (client: ApiClient, view: string, ticketId: string) =>
  (await json<{ rows: HelpRequest[] }>(client.request('GET', `/api/admin/help-requests?view=${view}&limit=200`))).rows.find((row) => row.ticketId === ticketId);

describe('the support desk’s conversation over HTTP', () => {
  it('keeps a thread of public replies with their files, and internal notes out of every agent answer and e-mail', async () => {
    const owner = await supportAgent('thread');
    const admin = await supportAdmin();
    const ticketId = await newTicket(owner.client);
    const secret = `internal-${randomUUID()}`;

    expect((await note(admin.client, ticketId, `Vendor outage confirmed, ${secret}`)).status).toBe(201);
    const question = await json<{ replyId: string }>(adminReply(admin.client, ticketId, 'Which campaign was it?', { asksAgent: true }));
    const answer = await json<{ replyId: string }>(reply(owner.client, ticketId, 'The Florida one; the receipt is attached.'));
    const { fileId } = await json<TicketFile>(uploadTicketFile(owner.client, ticketId, 'receipt.pdf', PDF, answer.replyId));
    // Only a reply's author adds files to it.
    expect((await uploadTicketFile(admin.client, ticketId, 'x.pdf', PDF, answer.replyId)).status).toBe(404);

    // The file is its own event after the reply's: wait until the thread shows it too.
    await expect.poll(async () => (await replies(owner.client, ticketId)).flatMap((message) => message.files).length).toBe(1);
    const thread = await replies(owner.client, ticketId);
    expect(thread).toMatchObject([
      { messageId: question.replyId, side: 'admin', body: 'Which campaign was it?', asksAgent: true, files: [] },
      { messageId: answer.replyId, side: 'agent', authorName: 'You', files: [{ fileId, name: 'receipt.pdf' }] },
    ]);
    expect(thread[0]!.authorName).toMatch(/Support team/);
    expect((await owner.client.request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`)).status).toBe(200);
    await expect.poll(async () => (await conversation(admin.client, ticketId)).map((m) => m.kind)).toEqual(['note', 'reply', 'reply']);
    // Still To Do, but answered: the agent cannot delete the conversation.
    const kept = await owner.client.request('DELETE', `/api/support/tickets/${ticketId}`);
    expect(kept.status).toBe(409);
    expect(await kept.json()).toMatchObject({ message: 'The support team has already worked on this ticket, so it stays on record. Reply to it instead.' });

    // Nothing the agent can read carries the note: the thread, the list, the e-mails.
    const agentReads = [
      await owner.client.request('GET', `/api/support/tickets/${ticketId}/replies`),
      await owner.client.request('GET', '/api/support/tickets'),
      await owner.client.request('GET', `/api/admin/help-requests/${ticketId}/conversation`),
      await owner.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`),
    ];
    for (const answered of agentReads) expect(await answered.text()).not.toContain(secret);
    await expect.poll(async () => (await mailsTo(owner.email)).some((mail) => mail.subject === 'The support team needs your answer')).toBe(true);
    for (const mail of [...(await mailsTo(owner.email)), ...(await mailsTo(admin.email)), ...(await mailsTo('support@portal.test'))]) {
      expect(JSON.stringify(mail)).not.toContain(secret);
    }
    expect((await mailsTo(owner.email)).find((mail) => mail.subject === 'The support team needs your answer')!.text).toContain('Which campaign was it?');
    // The agent's answer goes to the support team (the ticket has no assignee).
    await expect.poll(async () => (await mailsTo('support@portal.test')).some((mail) => mail.text.includes('The Florida one'))).toBe(true);

    expect(await json(reply(owner.client, ticketId, '   '))).toMatchObject({ status: 400, message: 'Write the reply first' });
    expect(await json(note(admin.client, ticketId, ''))).toMatchObject({ status: 400, message: 'Write the internal note first' });
    // An agent cannot write internal notes, nor answer as the support team; an admin answers on the dashboard.
    expect((await note(owner.client, ticketId, 'mine')).status).toBe(403);
    expect((await adminReply(owner.client, ticketId, 'As the support team')).status).toBe(403);
  });

  it('refuses another agent’s replies and thread, and records each refusal', async () => {
    const owner = await supportAgent('owner');
    const other = await supportAgent('other');
    const ticketId = await newTicket(owner.client);
    const { replyId } = await json<{ replyId: string }>(reply(owner.client, ticketId, 'More detail about the leads.'));
    const refused = [
      await reply(other.client, ticketId, 'Not my ticket'),
      await other.client.request('GET', `/api/support/tickets/${ticketId}/replies`),
      await uploadTicketFile(other.client, ticketId, 'x.pdf', PDF, replyId),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: 'Help request not found' });
    }
    const demoAdmin = await signedInClient('admin@portal.test');
    await expect
      .poll(async () => {
        const { events } = await json<{ events: { details: { path: string; resource?: string } }[] }>(
          demoAdmin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${other.userId}&limit=50`),
        );
        return events.filter((event) => event.details.resource === 'ticket').length;
      })
      .toBe(3);
  });

  it('keeps a message id to its own ticket: another agent reusing it writes nothing on the first ticket', async () => {
    const victim = await supportAgent('victim');
    const attacker = await supportAgent('attacker');
    const admin = await supportAdmin();
    const victimTicket = await newTicket(victim.client);
    const attackerTicket = await newTicket(attacker.client);
    const { replyId: adminMessage } = await json<{ replyId: string }>(adminReply(admin.client, victimTicket, 'We are looking at it.'));
    await expect.poll(async () => (await replies(victim.client, victimTicket)).length).toBe(1);

    // The attacker learns the id (it is in the victim's thread) and sends it on their own ticket, then a file with it.
    const reused = await reply(attacker.client, attackerTicket, 'Written under someone else’s id', { replyId: adminMessage });
    expect(reused.status).toBe(201);
    expect((await uploadTicketFile(attacker.client, attackerTicket, 'planted.pdf', PDF, adminMessage)).status).toBe(201);
    // The reply and its file are the attacker's, on their own ticket; the victim's thread is as the admin left it.
    await expect
      .poll(async () => (await replies(attacker.client, attackerTicket)).map((m) => ({ id: m.messageId, files: m.files.map((f) => f.name) })))
      .toEqual([{ id: adminMessage, files: ['planted.pdf'] }]);
    expect(await replies(victim.client, victimTicket)).toMatchObject([{ messageId: adminMessage, side: 'admin', body: 'We are looking at it.', files: [] }]);
    expect(await conversation(admin.client, victimTicket)).toMatchObject([{ messageId: adminMessage, files: [] }]);
    // Within one ticket an id names one message: the agent cannot answer under the support team's.
    expect(await json(reply(victim.client, victimTicket, 'Mine now', { replyId: adminMessage }))).toMatchObject({ status: 409 });
  });

  it('assigns a request to an admin for the Mine and Unassigned views, and keeps each change in the timeline', async () => {
    const owner = await supportAgent('assign');
    const first = await supportAdmin();
    const second = await supportAdmin();
    const ticketId = await newTicket(owner.client);
    await expect.poll(() => inView(first.client, 'unassigned', ticketId)).toMatchObject({ assigneeId: null });

    const { assignees } = await json<{ assignees: { id: string; email: string; displayName: string | null }[] }>(
      first.client.request('GET', '/api/admin/help-requests/assignees'),
    );
    expect(assignees.map((a) => a.id)).toEqual(expect.arrayContaining([first.userId, second.userId]));
    expect(assignees.some((a) => a.id === owner.userId)).toBe(false);

    const assign = (client: ApiClient, assigneeId: string | null) => client.request('PUT', `/api/admin/help-requests/${ticketId}/assignee`, { assigneeId });
    expect(await json(assign(first.client, owner.userId))).toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'assigneeId', message: 'Assign the request to an admin' }],
    });
    expect((await assign(first.client, first.userId)).status).toBe(200);
    await expect.poll(() => inView(first.client, 'mine', ticketId)).toMatchObject({ assigneeId: first.userId, assigneeEmail: first.email });
    expect(await inView(second.client, 'mine', ticketId)).toBeUndefined();
    expect(await inView(first.client, 'unassigned', ticketId)).toBeUndefined();
    expect((await assign(first.client, second.userId)).status).toBe(200);
    await expect.poll(() => inView(second.client, 'mine', ticketId)).toMatchObject({ assigneeId: second.userId });
    // The agent's answer now goes to the assignee.
    await reply(owner.client, ticketId, 'Any news on my leads?');
    await expect.poll(async () => (await mailsTo(second.email)).some((mail) => mail.text.includes('Any news on my leads?'))).toBe(true);

    await note(second.client, ticketId, 'Asked the vendor for a credit.');
    await second.client.request('POST', `/api/admin/help-requests/${ticketId}/status`, { status: 'In Progress', comment: 'Looking into it' });
    const { entries } = await json<{
      entries: { event: string; actorName: string; summary: string; changes: { field: string; before: string | null; after: string | null }[] }[];
    }>(second.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`));
    expect(entries.map((entry) => entry.event)).toEqual([
      'TicketSubmitted',
      'TicketAssigned',
      'TicketAssigned',
      'TicketReplied',
      'TicketInternalNoteAdded',
      'TicketStatusChanged',
    ]);
    const nameOf = (id: string) => assignees.find((a) => a.id === id)!.displayName ?? assignees.find((a) => a.id === id)!.email;
    expect(entries[2]).toMatchObject({
      actorName: nameOf(first.userId),
      changes: [{ field: 'assignee', before: nameOf(first.userId), after: nameOf(second.userId) }],
    });
    expect(entries[4]).toMatchObject({ summary: 'Internal note: “Asked the vendor for a credit.”' });
    expect(entries[5]!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'To Do', after: 'In Progress' }, expect.objectContaining({ field: 'admin notes', before: null })]),
    );
  });

  it('shows the SLA clocks on both lists, paused while the request waits on the agent', async () => {
    const owner = await supportAgent('sla');
    const admin = await supportAdmin();
    const ticketId = await newTicket(owner.client);
    await expect.poll(async () => (await myTicket(owner.client, ticketId))?.sla?.resolution.state).toMatch(/running|breached/);
    const opened = (await myTicket(owner.client, ticketId))!.sla!;
    expect(opened.resolution.dueAt).not.toBeNull();
    expect(opened.resolution.label).toMatch(/left|overdue|Overdue/);

    await adminReply(admin.client, ticketId, 'Please send the receipt.', { asksAgent: true });
    await expect.poll(async () => (await myTicket(owner.client, ticketId))?.waitingOnAgent).toBe(true);
    const waiting = (await inView(admin.client, 'all', ticketId))!;
    expect(waiting.sla!.firstResponse.state).toMatch(/met|breached/);
    if (waiting.sla!.resolution.state !== 'breached')
      expect(waiting.sla!.resolution).toMatchObject({ state: 'paused', dueAt: null, label: expect.stringMatching(/^Paused/) });

    await reply(owner.client, ticketId, 'Sent it by e-mail as well.');
    await expect.poll(async () => (await myTicket(owner.client, ticketId))?.waitingOnAgent).toBe(false);
    expect((await myTicket(owner.client, ticketId))!.sla!.resolution.dueAt).not.toBeNull();
  });

  it('keeps all 30 replies sent at once, and one of 30 sends of the same reply', async () => {
    const owner = await supportAgent('parallel-replies');
    const admin = await supportAdmin();
    const ticketId = await newTicket(owner.client);
    const answers = await inParallel(30, (i) =>
      i % 2 ? reply(owner.client, ticketId, `reply number ${i}`) : adminReply(admin.client, ticketId, `reply number ${i}`),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 30 });
    const replyId = randomUUID();
    const again = await inParallel(30, () => reply(owner.client, ticketId, 'the same reply, sent 30 times', { replyId }));
    expect(tally(again.map((answer) => answer.status))).toEqual({ 201: 30 });
    await expect.poll(async () => (await replies(owner.client, ticketId)).length).toBe(31);
    const bodies = (await replies(owner.client, ticketId)).map((message) => message.body);
    expect(bodies.filter((body) => body === 'the same reply, sent 30 times')).toHaveLength(1);
    expect(bodies.filter((body) => body.startsWith('reply number')).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `reply number ${i}`).sort());
  });

  it('finds requests by the words of their concern, notes and replies; an agent only their own, and never by an internal note', async () => {
    const owner = await supportAgent('search');
    const other = await supportAgent('search-other');
    const admin = await supportAdmin();
    const word = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const [inConcern, inReply, inNote] = [word('concern'), word('reply'), word('note')];
    const { ticketId } = await json<{ ticketId: string }>(
      submitTicket(owner.client, { systemProgram: 'General', priority: 'Low', concern: `Receipts for ${inConcern} are missing` }),
    );
    await adminReply(admin.client, ticketId, `We found the ${inReply} campaign.`);
    await note(admin.client, ticketId, `Vendor ${inNote} owes a credit.`);
    const mine = async (client: ApiClient, q: string) =>
      (await json<{ tickets: { ticketId: string }[] }>(client.request('GET', `/api/support/tickets?q=${encodeURIComponent(q)}`))).tickets.map(
        (t) => t.ticketId,
      );
    const dashboard = async (q: string) =>
      (
        await json<{ rows: { ticketId: string }[]; total: number }>(admin.client.request('GET', `/api/admin/help-requests?q=${encodeURIComponent(q)}`))
      ).rows.map((row) => row.ticketId);
    await expect.poll(() => mine(owner.client, inReply)).toEqual([ticketId]);
    expect(await mine(owner.client, inConcern)).toEqual([ticketId]);
    expect(await mine(owner.client, `"receipts for ${inConcern}"`)).toEqual([ticketId]);
    expect(await mine(owner.client, inNote)).toEqual([]);
    expect(await mine(other.client, inConcern)).toEqual([]);
    await expect.poll(() => dashboard(inNote)).toEqual([ticketId]);
    expect(await dashboard(inReply)).toEqual([ticketId]);
    expect(await dashboard(`${inConcern} -receipts`)).toEqual([]);
    // Any text is words to look for, never SQL or a malformed query.
    for (const odd of ["'); DROP TABLE rm_tickets; --", '&|!():*', '"unclosed']) {
      expect((await owner.client.request('GET', `/api/support/tickets?q=${encodeURIComponent(odd)}`)).status).toBe(200);
    }
    expect(await json(admin.client.request('GET', `/api/admin/help-requests?q=${'x'.repeat(201)}`))).toMatchObject({ status: 400 });
  });
});
