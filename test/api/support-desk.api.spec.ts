import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, signedInClient } from '../support/portal/portal.js';
import {
  CONCERN,
  json,
  mailsTo,
  newTicket,
  PDF,
  submitTicket,
  supportAdmin,
  supportAgent,
  uploadTicketFile,
  type TicketFile,
} from '../support/portal/support-desk.js';

const agent = supportAgent;
const admin = async () => (await supportAdmin()).client;

type Ticket = { ticketId: string; systemProgram: string; priority: string; status: string; concern: string; adminNotes: string; files: TicketFile[] };
type HelpRequest = Ticket & { userId: string; userEmail: string; userName: string | null };

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);

const submit = submitTicket;
const upload = (client: ApiClient, ticketId: string, name: string, bytes: Buffer) => uploadTicketFile(client, ticketId, name, bytes);
const myTickets = async (client: ApiClient, query = '') => (await json<{ tickets: Ticket[] }>(client.request('GET', `/api/support/tickets${query}`))).tickets;
const helpRequests = async (client: ApiClient, query = '') =>
  json<{ rows: HelpRequest[]; total: number }>(client.request('GET', `/api/admin/help-requests${query}`));
const changeStatus = (client: ApiClient, ticketId: string, status: string, comment?: string) =>
  client.request('POST', `/api/admin/help-requests/${ticketId}/status`, { status, comment });

describe('the support desk over HTTP', () => {
  it('makes one help request of a submission sent again under its Idempotency-Key, however many times at once', async () => {
    const { client } = await agent('retries');
    const key = randomUUID();
    const answers = await inParallel(30, () => submit(client, undefined, key));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 30 });
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as { ticketId: string }).ticketId)));
    expect(ids.size).toBe(1);
    await expect.poll(async () => (await myTickets(client)).map((ticket) => ticket.ticketId)).toEqual([...ids]);
    // The key names that request only: another body under it is refused; a request without one is refused.
    expect((await submit(client, { systemProgram: 'General', priority: 'Low', concern: CONCERN }, key)).status).toBe(409);
    const keyless = await client.request('POST', '/api/support/tickets', { systemProgram: 'General', priority: 'Low', concern: CONCERN });
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({
      message: 'Submitting a help request needs an Idempotency-Key header (a new random value per attempt).',
    });
  });

  it('takes at most 20 new help requests an hour from one account, however many arrive at once', async () => {
    const { client } = await agent('burst');
    const answers = await inParallel(30, () => submit(client));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 20, 429: 10 });
    await expect.poll(async () => (await myTickets(client)).length).toBe(20);
    // Another agent is not held back by this one's burst.
    expect((await submit((await agent('after-burst')).client)).status).toBe(201);
  });

  it('takes a help request with its receipt, and refuses bad input in the spec’s words', async () => {
    const { client } = await agent();
    const missing = await submit(client, { systemProgram: 'General', priority: 'Med' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Please fill in all required fields' });
    expect(await json(submit(client, { systemProgram: 'Nope', priority: 'Med', concern: CONCERN }))).toMatchObject({
      message: 'Please fill in all required fields',
    });
    const short = await submit(client, { systemProgram: 'General', priority: 'Low', concern: '   nineteen chars..   ' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: 'Please provide more detail (at least 20 characters)' });

    const created = await submit(client);
    expect(created.status).toBe(201);
    const { ticketId } = (await created.json()) as { ticketId: string };
    const attached = await upload(client, ticketId, '../../March receipt.pdf', PDF);
    expect(attached.status).toBe(201);
    expect(await attached.json()).toEqual({ fileId: expect.any(String), name: 'March receipt.pdf', contentType: 'application/pdf', size: PDF.length });

    await expect
      .poll(() => myTickets(client))
      .toEqual([
        expect.objectContaining({
          ticketId,
          systemProgram: 'Lion Share / Matching',
          priority: 'High',
          status: 'To Do',
          concern: CONCERN,
          adminNotes: '',
          files: [{ fileId: expect.any(String), name: 'March receipt.pdf', contentType: 'application/pdf', size: PDF.length }],
        }),
      ]);
    expect(await myTickets(client, '?status=Done')).toEqual([]);
    expect((await client.request('GET', '/api/support/tickets?status=Closed')).status).toBe(400);
    expect((await new ApiClient(client.baseUrl).request('POST', '/api/support/tickets', {})).status).toBe(401);
  });

  it('keeps files to 10MB, typed by their bytes, and serves them only as attachments', async () => {
    const { client } = await agent();
    const ticketId = await newTicket(client);
    const limit = 10 * 1024 * 1024;
    const atLimit = Buffer.concat([PDF, Buffer.alloc(limit - PDF.length, 0x20)]);
    expect((await upload(client, ticketId, 'full.pdf', atLimit)).status).toBe(201);
    const over = await upload(client, ticketId, 'big.pdf', Buffer.concat([atLimit, Buffer.from(' ')]));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'big.pdf exceeds 10MB limit' });
    const disguised = await upload(client, ticketId, 'receipt.pdf', ELF);
    expect(disguised.status).toBe(415);
    expect(await disguised.json()).toMatchObject({ message: 'receipt.pdf: Only images, PDF, DOC and DOCX files can be attached' });
    // Only the upload address takes bytes.
    expect((await client.request('POST', '/api/support/tickets', PDF, { 'content-type': 'application/octet-stream' })).status).toBe(415);

    const { fileId } = await json<TicketFile>(upload(client, ticketId, 'receipt <b>.pdf', PDF));
    const download = await client.request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="receipt b.pdf"; filename*=UTF-8''receipt%20b.pdf`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const asAdmin = await (await admin()).request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`);
    expect(asAdmin.status).toBe(200);
    expect(Buffer.from(await asAdmin.arrayBuffer())).toEqual(PDF);
  });

  it('takes help requests from any signed-in agent, and lists and deletes them only behind the access code, like the page', async () => {
    const account = await freshAgent('limited');
    const limited = await signedInClient(account.email, account.password);
    const ticketId = await newTicket(limited);
    expect((await upload(limited, ticketId, 'receipt.pdf', PDF)).status).toBe(201);
    for (const [method, path] of [
      ['GET', '/api/support/tickets'],
      ['DELETE', `/api/support/tickets/${ticketId}`],
    ] as const) {
      const refused = await limited.request(method, path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'ACCESS_CODE_REQUIRED' });
    }
  });

  it('refuses another agent’s ticket and files, and the admin calls to agents', async () => {
    const owner = await agent('owner');
    const other = await agent('other');
    const ticketId = await newTicket(owner.client);
    const { fileId } = await json<TicketFile>(upload(owner.client, ticketId, 'receipt.pdf', PDF));
    await expect.poll(async () => (await myTickets(owner.client)).length).toBe(1);

    expect(await myTickets(other.client)).toEqual([]);
    const download = await other.client.request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`);
    expect(download.status).toBe(404);
    expect(await download.json()).toMatchObject({ message: 'Help request not found' });
    expect((await upload(other.client, ticketId, 'x.pdf', PDF)).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/support/tickets/${ticketId}`)).status).toBe(404);
    expect((await other.client.request('GET', `/api/support/tickets/${ticketId}/files/../../${ticketId}`)).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', '/api/admin/help-requests', undefined],
      ['POST', `/api/admin/help-requests/${ticketId}/status`, { status: 'Done' }],
      ['PUT', `/api/admin/help-requests/${ticketId}/notes`, { adminNotes: 'mine now', previousNotes: '' }],
    ] as const) {
      const refused = await other.client.request(method, path, body);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ message: "Access Denied: You don't have permission to view this page" });
    }
    expect((await owner.client.request('POST', `/api/admin/help-requests/${ticketId}/status`, { status: 'Done' })).status).toBe(403);
  });

  it('lets admins set any status with a comment that lands in the notes, save notes, and agents delete only To Do tickets', async () => {
    const owner = await agent('status');
    const adminClient = await admin();
    const ticketId = await newTicket(owner.client);
    const { fileId } = await json<TicketFile>(upload(owner.client, ticketId, 'receipt.pdf', PDF));

    const done = await json<{ status: string; adminNotes: string }>(changeStatus(adminClient, ticketId, 'Done', '  Refund issued '));
    expect(done.status).toBe('Done');
    expect(done.adminNotes).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d E[SD]T\] Status changed to "Done": Refund issued$/);
    const notesPath = `/api/admin/help-requests/${ticketId}/notes`;
    expect((await adminClient.request('PUT', notesPath, { adminNotes: `${done.adminNotes}\nCalled the vendor.`, previousNotes: done.adminNotes })).status).toBe(
      200,
    );
    // An edit begun before that save is refused, not saved over it.
    const stale = await adminClient.request('PUT', notesPath, { adminNotes: 'Written from an old copy', previousNotes: done.adminNotes });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'NOTES_CHANGED' });
    const back = await json<{ adminNotes: string }>(changeStatus(adminClient, ticketId, 'In Progress', 'Reopened: a second receipt'));
    expect(back.adminNotes).toMatch(
      /^\[[^\]]+\] Status changed to "Done": Refund issued\nCalled the vendor\.\n\n\[\d{4}-\d\d-\d\d \d\d:\d\d E[SD]T\] Status changed to "In Progress": Reopened: a second receipt$/,
    );
    expect(await json(changeStatus(adminClient, ticketId, 'Closed'))).toMatchObject({ status: 400 });

    await expect.poll(async () => (await myTickets(owner.client))[0]).toMatchObject({ status: 'In Progress', adminNotes: back.adminNotes });
    await expect
      .poll(async () => (await helpRequests(adminClient, '?status=In%20Progress&priority=High&limit=200')).rows.find((row) => row.ticketId === ticketId))
      .toMatchObject({ userEmail: owner.email, status: 'In Progress' });
    // The list's rows are small; the request opened from it is whole.
    expect(await json(adminClient.request('GET', `/api/admin/help-requests/${ticketId}`))).toMatchObject({
      userEmail: owner.email,
      concern: expect.any(String),
      adminNotes: back.adminNotes,
      files: [expect.objectContaining({ fileId, name: 'receipt.pdf' })],
    });
    expect((await helpRequests(adminClient, '?priority=Low&limit=200')).rows.some((row) => row.ticketId === ticketId)).toBe(false);

    const refused = await owner.client.request('DELETE', `/api/support/tickets/${ticketId}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Only tickets still To Do can be deleted' });
    await changeStatus(adminClient, ticketId, 'To Do');
    expect((await owner.client.request('DELETE', `/api/support/tickets/${ticketId}`)).status).toBe(200);
    expect((await adminClient.request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`)).status).toBe(404);
    expect((await changeStatus(adminClient, ticketId, 'Done')).status).toBe(404);
    await expect.poll(() => myTickets(owner.client)).toEqual([]);
  });

  it('mails a new request to the support team, and a status change with its comment to the agent', async () => {
    const owner = await agent('mails');
    const concern = `Receipt ${randomUUID()} shows the leads I paid for.`;
    const { ticketId } = await json<{ ticketId: string }>(submit(owner.client, { systemProgram: 'Spiff / Contest', priority: 'Med', concern }));
    await expect
      .poll(async () => (await mailsTo('support@portal.test')).find((mail) => mail.text.includes(concern)))
      .toMatchObject({ subject: 'New help request: Spiff / Contest (Med)', text: expect.stringMatching(/\/help-requests\n$/) });
    await changeStatus(await admin(), ticketId, 'Done', 'Paid out on Friday');
    await expect
      .poll(async () => (await mailsTo(owner.email)).find((mail) => mail.subject === 'Your help request is Done'))
      .toMatchObject({
        text: expect.stringContaining('Their note: Paid out on Friday'),
      });
  });

  it('keeps at most 10 files on a ticket when 30 are uploaded at once', async () => {
    const { client } = await agent('files');
    const ticketId = await newTicket(client);
    const answers = await inParallel(30, (i) => upload(client, ticketId, `receipt-${i}.pdf`, PDF));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 10, 409: 20 });
    expect(await answers.find((answer) => answer.status === 409)!.json()).toMatchObject({ message: 'A help request holds at most 10 files' });
    const kept = await Promise.all(answers.filter((answer) => answer.status === 201).map((answer) => answer.json() as Promise<TicketFile>));
    await expect.poll(async () => (await myTickets(client))[0]?.files.map((file) => file.fileId).sort()).toEqual(kept.map((file) => file.fileId).sort());
  });

  it('saves one of 30 notes edited at once from the same notes, and refuses the others rather than overwrite', async () => {
    const { client } = await agent('notes');
    const ticketId = await newTicket(client);
    const adminClient = await admin();
    const answers = await inParallel(30, (i) =>
      adminClient.request('PUT', `/api/admin/help-requests/${ticketId}/notes`, { adminNotes: `notes of admin ${i}`, previousNotes: '' }),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 1, 409: 29 });
    const winner = answers.findIndex((answer) => answer.status === 200);
    await expect.poll(async () => (await myTickets(client))[0]?.adminNotes).toBe(`notes of admin ${winner}`);
  });

  it('loses no status comment when 30 admins change one ticket at once', async () => {
    const { client } = await agent('parallel');
    const ticketId = await newTicket(client);
    const adminClient = await admin();
    const statuses = ['To Do', 'In Progress', 'Done'];
    const answers = await inParallel(30, (i) => changeStatus(adminClient, ticketId, statuses[i % 3]!, `comment number ${i}`));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 30 });
    await expect
      .poll(async () => {
        const notes = (await myTickets(client))[0]?.adminNotes ?? '';
        return notes.split('\n\n').length;
      })
      .toBe(30);
    const notes = (await myTickets(client))[0]!.adminNotes.split('\n\n');
    expect(notes.map((line) => /comment number (\d+)$/.exec(line)![1]).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 30 }, (_, i) => String(i)),
    );
  });
});
