import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PREP_MESSAGES } from '../../src/modules/prep-course/contracts/prep-form.js';
import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { freshAgent, portalUrl, signedInClient } from '../support/portal/portal.js';
import { eventually } from '../support/waiting.js';

type Offered = { sessionId: string; saturday: string; sunday: string; dateIso: string; label: string };
type AdminSession = Offered & { capacity: number; registered: number; status: string; offered: boolean; movedFrom: string | null };
type Mail = { subject: string; text: string; html?: string; attachments?: { filename: string; content: string }[] };
type RosterRow = {
  registrationId: string;
  email: string;
  firstName: string;
  status: 'confirmed' | 'pending';
  confirmedVia: string | null;
  changePending: boolean;
};

const visitor = new ApiClient(portalUrl());
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const someAddress = () => `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
const offered = async () =>
  ((await (await visitor.request('GET', '/api/prep-course/sessions')).json()) as { sessions: Offered[]; next: Offered | null }).sessions;
const body = (session: Offered, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Diaz',
  office: 'west-tampa-tran',
  email: `prep-${randomUUID().slice(0, 8)}@example.test`,
  dateIso: session.dateIso,
  examAttempts: 'Once',
  commitment: true,
  ...overrides,
});
const register = (payload: Record<string, unknown>, ip = someAddress(), client = visitor) =>
  client.request('POST', '/api/prep-course/registrations', payload, { ...from(ip), 'idempotency-key': randomUUID() });
const confirm = (token: string, ip = someAddress()) =>
  visitor.request('POST', '/api/prep-course/confirmations', { token }, { ...from(ip), 'idempotency-key': randomUUID() });
const preview = (token: string) => visitor.request('POST', '/api/prep-course/confirmations/preview', { token });
const LINK = /https?:\/\/\S+\/prep-course\/confirm\?token=([A-Za-z0-9_-]+)/;
const tokenIn = (mail: Mail) => mail.text.match(LINK)?.[1] ?? null;

async function admin() {
  return signedInClient('admin@portal.test');
}
const adminSessions = async (client: ApiClient) =>
  ((await (await client.request('GET', '/api/admin/prep-course/sessions')).json()) as { sessions: AdminSession[] }).sessions;
const registrations = async (client: ApiClient, sessionId: string) =>
  ((await (await client.request('GET', `/api/admin/prep-course/sessions/${sessionId}/registrations`)).json()) as { registrations: RosterRow[] }).registrations;
async function mailsTo(client: ApiClient, email: string, count: number): Promise<Mail[]> {
  const messages = await eventually(
    `${count} mails to ${email}`,
    async () => ((await (await client.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] }).messages,
    (mails) => mails.length >= count,
  );
  return messages.reverse();
}
/** A visitor's registration (202, pending) and the token of the link mailed for it, the `nth` mail to the address. */
async function requested(client: ApiClient, payload: Record<string, unknown>, nth = 1, ip = someAddress()): Promise<string> {
  const response = await register(payload, ip);
  expect(response.status).toBe(202);
  const mail = (await mailsTo(client, payload.email as string, nth))[nth - 1]!;
  return tokenIn(mail)!;
}
const eastern = (at: Date) => format(new TZDate(at.getTime(), 'America/New_York'), 'yyyy-MM-dd HH:mm');

describe('prep course registration over HTTP', () => {
  it('offers the cadence weekends and refuses bad forms in the spec’s words', async () => {
    const sessions = await offered();
    expect(sessions.length).toBeGreaterThanOrEqual(5);
    for (const [a, b] of sessions.slice(0, -1).map((s, i) => [s, sessions[i + 1]!] as const))
      expect((parseISO(b.saturday).getTime() - parseISO(a.saturday).getTime()) / 86_400_000).toBe(14);
    const first = sessions[0]!;
    expect(first.dateIso).toBe(`${first.saturday} & ${first.sunday}`);

    const refusal = async (payload: Record<string, unknown>) => {
      const response = await register(payload);
      expect(response.status).toBe(400);
      return (await response.json()) as { message: string; fieldErrors: { field: string; message: string }[] };
    };
    expect((await refusal(body(first, { commitment: false }))).message).toBe(PREP_MESSAGES.commitment);
    const offWeek = format(addDays(parseISO(first.saturday), 7), 'yyyy-MM-dd');
    const offWeekend = `${offWeek} & ${format(addDays(parseISO(offWeek), 1), 'yyyy-MM-dd')}`;
    for (const dateIso of [offWeekend, '2025-10-04 & 2025-10-05', 'next weekend', ''])
      expect([dateIso, (await refusal(body(first, { dateIso }))).message]).toEqual([dateIso, PREP_MESSAGES.invalidDate]);
    const blank = await refusal({ commitment: true });
    expect(blank.fieldErrors.map((e) => e.field).sort()).toEqual(['dateIso', 'email', 'examAttempts', 'firstName', 'lastName', 'office']);
    expect((await refusal(body(first, { office: 'North Pole' }))).fieldErrors).toEqual([{ field: 'office', message: 'Please choose your office' }]);
    expect((await refusal(body(first, { email: 'not-an-address' }))).fieldErrors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    const keyless = await visitor.request('POST', '/api/prep-course/registrations', body(first), from(someAddress()));
    expect([keyless.status, ((await keyless.json()) as { code: string }).code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('registers a visitor only once the mailed link is followed, then mails the details with a two-day calendar file at 08:00 Eastern', async () => {
    const client = await admin();
    const session = (await offered())[0]!;
    const email = `prep-${randomUUID().slice(0, 8)}@example.test`;
    const first = await register(body(session, { email }));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({
      status: 'pending',
      session: expect.objectContaining({ sessionId: session.sessionId, dateIso: session.dateIso }),
      email: 'sent',
    });

    // Asked, not registered: no seat taken, the roster says pending.
    const [request] = await mailsTo(client, email, 1);
    expect(request!.subject).toBe(`Confirm your registration: 2-15 License Prep, ${session.label}`);
    expect(request!.text).toContain('Office: West Tampa – Kevin Tran');
    expect((await registrations(client, session.sessionId)).filter((row) => row.email === email)).toEqual([
      expect.objectContaining({ status: 'pending', firstName: 'Ana' }),
    ]);
    const token = tokenIn(request!)!;
    expect(await (await preview(token)).json()).toMatchObject({ kind: 'registration', email, details: { firstName: 'Ana', examAttempts: 'Once' } });

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    const answer = (await confirmed.json()) as { status: string; registrationId: string; session: Offered; updated: boolean; email: string };
    expect(answer).toMatchObject({ status: 'registered', session: { sessionId: session.sessionId, dateIso: session.dateIso }, updated: false, email: 'sent' });
    expect((await registrations(client, session.sessionId)).filter((row) => row.email === email)).toEqual([
      expect.objectContaining({ status: 'confirmed', confirmedVia: 'email', changePending: false }),
    ]);

    const [, confirmation] = await mailsTo(client, email, 2);
    expect(confirmation!.subject).toBe(`You're registered: 2-15 License Prep, ${session.label}`);
    expect(confirmation!.text).toContain('Exam attempts so far: Once');
    const calendar = Object.values(ical.sync.parseICS(confirmation!.attachments![0]!.content)).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(calendar.map((event) => [eastern(event.start), eastern(event.end!)]).sort()).toEqual([
      [`${session.saturday} 08:00`, `${session.saturday} 13:00`],
      [`${session.sunday} 08:00`, `${session.sunday} 13:00`],
    ]);
    const csv = await (await client.request('GET', `/api/admin/prep-course/sessions/${session.sessionId}/registrations.csv`)).text();
    expect(csv.split('\r\n')[0]).toBe(
      'First name,Last name,Email,Office,Course dates,Dates (ISO),Exam attempts,Commitment,Registered (UTC),Updated (UTC),Status',
    );
    expect(csv).toContain(`Ana,Diaz,${email},West Tampa – Kevin Tran,"${session.label}",${session.dateIso},Once,Yes,`);

    // 'Add Saturday to Calendar': Day 1 alone, the same event.
    const saturday = await visitor.request('GET', `/api/prep-course/sessions/${session.sessionId}/saturday.ics`);
    expect(saturday.headers.get('content-type')).toMatch(/^text\/calendar/);
    const [day1] = Object.values(ical.sync.parseICS(await saturday.text())).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect([eastern(day1!.start), eastern(day1!.end!)]).toEqual([`${session.saturday} 08:00`, `${session.saturday} 13:00`]);
    expect(day1!.uid).toBe(calendar.find((event) => eastern(event.start).startsWith(session.saturday))!.uid);
    // 'Add Both Days to Calendar': the e-mail's two events, stamped in UTC.
    const weekend = await visitor.request('GET', `/api/prep-course/sessions/${session.sessionId}/weekend.ics`);
    expect(weekend.headers.get('content-disposition')).toBe(`attachment; filename="2-15-license-prep-${session.saturday}-weekend.ics"`);
    const weekendText = await weekend.text();
    const both = Object.values(ical.sync.parseICS(weekendText)).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(both.map((event) => event.uid).sort()).toEqual(calendar.map((event) => event.uid).sort());
    expect(weekendText.match(/^DTSTAMP:.*$/gm)!.every((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);
    const guide = await visitor.request('GET', '/api/prep-course/study-guide.pdf');
    expect(guide.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await guide.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('keeps a registration exactly as it was when the form is sent again with changes, until the owner follows the link, which works once', async () => {
    const client = await admin();
    const session = (await offered())[1]!;
    const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
    expect((await confirm(await requested(client, body(session, { email })))).status).toBe(200);
    const before = (await registrations(client, session.sessionId)).find((row) => row.email === email)!;

    // Someone else sends the form again for the owner's address, with markup in a name.
    const again = await register(body(session, { email: email.toUpperCase(), firstName: '<img src=x onerror=alert(1)>Anabel', examAttempts: 'Twice' }));
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ status: 'pending', session: expect.objectContaining({ sessionId: session.sessionId }), email: 'sent' });
    const [, , change] = await mailsTo(client, email, 3);
    expect(change!.subject).toBe(`Confirm the change to your registration: 2-15 License Prep, ${session.label}`);
    expect(change!.text).toContain('Your registration has not changed.');
    expect(change!.text).toContain('First name: "Ana" would become "<img src=x onerror=alert(1)>Anabel"');
    expect(change!.text).toContain('Exam attempts so far: "Once" would become "Twice"');
    expect(change!.html).not.toContain('<img');
    expect(change!.html).toContain('&lt;img src=x onerror=alert(1)&gt;Anabel');
    // Nothing changed yet: the stored registration is as it was; the roster shows a change waiting.
    const waiting = (await registrations(client, session.sessionId)).find((row) => row.email === email)!;
    expect(waiting).toEqual({ ...before, changePending: true });

    const token = tokenIn(change!)!;
    expect(await (await preview(token)).json()).toMatchObject({
      kind: 'change',
      changes: [
        { label: 'First name', from: 'Ana', to: '<img src=x onerror=alert(1)>Anabel' },
        { label: 'Exam attempts so far', from: 'Once', to: 'Twice' },
      ],
    });
    const applied = await confirm(token);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ status: 'registered', registrationId: before.registrationId, updated: true });
    expect((await registrations(client, session.sessionId)).find((row) => row.email === email)).toMatchObject({
      firstName: '<img src=x onerror=alert(1)>Anabel',
      changePending: false,
    });
    const [, , , updated] = await mailsTo(client, email, 4);
    expect(updated!.subject).toBe(`Your registration was updated: 2-15 License Prep, ${session.label}`);

    // The link works once; a second use is refused in words, and the preview says the same.
    const reused = await confirm(token);
    expect([reused.status, ((await reused.json()) as { code: string }).code]).toEqual([410, 'PREP_LINK_USED']);
    expect((await preview(token)).status).toBe(410);
    // Unknown and broken links are refused clearly, never a 500.
    const unknown = await confirm('A'.repeat(43));
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, 'PREP_LINK_UNKNOWN']);
    const broken = await confirm('not a token');
    expect([broken.status, ((await broken.json()) as { message: string }).message]).toEqual([
      400,
      'This confirmation link is not complete. Open the whole link from the e-mail, or register again.',
    ]);
  });

  it('registers a signed-in agent naming their own account e-mail at once; another address still needs its link', async () => {
    const client = await admin();
    const session = (await offered())[2]!;
    const own = await freshAgent('prep-own');
    const agent = await signedInClient(own.email, own.password);
    const mine = await register(body(session, { email: own.email }), someAddress(), agent);
    expect(mine.status).toBe(201);
    expect(await mine.json()).toMatchObject({ status: 'registered', updated: false });
    expect((await registrations(client, session.sessionId)).find((row) => row.email === own.email)).toMatchObject({
      status: 'confirmed',
      confirmedVia: 'account',
    });
    // The agent's own sign-up confirmation came first; then the course's.
    const course = await eventually(
      'the course confirmation',
      async () => (await mailsTo(client, own.email, 1)).find((mail) => mail.subject.includes('2-15 License Prep')),
      Boolean,
    );
    expect(course!.subject).toBe(`You're registered: 2-15 License Prep, ${session.label}`);
    const someoneElse = await register(body(session), someAddress(), agent);
    expect(((await someoneElse.json()) as { status: string }).status).toBe('pending');
  });

  it('answers a filled honeypot as a real registration is answered, and keeps and mails nothing', async () => {
    const client = await admin();
    const session = (await offered())[0]!;
    const email = `bot-${randomUUID().slice(0, 8)}@example.test`;
    const response = await register(body(session, { email, website: 'https://spam.example' }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'pending', session: expect.objectContaining({ sessionId: session.sessionId }), email: 'sent' });
    expect((await registrations(client, session.sessionId)).some((row) => row.email === email)).toBe(false);
    const { messages } = (await (await client.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] };
    expect(messages).toEqual([]);
  });

  it('takes no seat for an unconfirmed registration, and fills a weekend’s seats exactly under 30 confirmations at once, then stops offering it', async () => {
    const client = await admin();
    const session = (await offered()).at(-1)!;
    expect((await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 5 })).status).toBe(200);
    // 30 people ask from 30 addresses: nobody holds a seat until they confirm.
    const asked = await inParallel(30, async (i) => {
      const email = `seat-${i}-${randomUUID().slice(0, 8)}@example.test`;
      return { email, status: (await register(body(session, { email }), `198.19.${i}.${Math.floor(Math.random() * 250) + 1}`)).status };
    });
    expect(tally(asked.map((a) => a.status))).toEqual({ 202: 30 });
    expect((await adminSessions(client)).find((s) => s.sessionId === session.sessionId)).toMatchObject({ registered: 0, offered: true });
    const tokens = await Promise.all(asked.map(async ({ email }) => tokenIn((await mailsTo(client, email, 1))[0]!)!));

    const responses = await inParallel(30, (i) => confirm(tokens[i]!, `198.21.${i}.9`));
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 5, 409: 25 });
    const refused = responses.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe(PREP_MESSAGES.full);
    expect((await offered()).some((s) => s.sessionId === session.sessionId)).toBe(false);
    expect((await adminSessions(client)).find((s) => s.sessionId === session.sessionId)).toMatchObject({ registered: 5, capacity: 5, offered: false });
    // A full weekend is refused at once: no link that could only say "full" is mailed.
    expect((await register(body(session))).status).toBe(409);
    const below = await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 4 });
    expect(((await below.json()) as { message: string }).message).toBe('The capacity cannot be less than the 5 people already registered');
    expect((await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 40 })).status).toBe(200);
  });

  it('limits registrations per address, counting 30 sent at once', async () => {
    const session = (await offered())[0]!;
    const ip = someAddress();
    const perAddress = await inParallel(30, () => register(body(session, { website: 'x' }), ip));
    expect(tally(perAddress.map((r) => r.status))).toEqual({ 202: 20, 429: 10 });
    expect(Number(perAddress.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets a stranger’s 30 change attempts at once neither stop the owner confirming their own link nor the owner registering once', async () => {
    const client = await admin();
    const session = (await offered())[3]!;
    const email = `locked-${randomUUID().slice(0, 8)}@example.test`;
    expect((await confirm(await requested(client, body(session, { email })))).status).toBe(200);
    // The owner asks for a change and has its link.
    const ownToken = await requested(client, body(session, { email, lastName: 'Diaz-Ruiz' }), 3);

    // A stranger sends 30 changes for the owner's address at once, from 30 addresses: a few are kept, the rest refused.
    const stranger = await inParallel(30, (i) => register(body(session, { email, firstName: `Mallory${i}` }), `198.22.${i}.5`));
    const statuses = tally(stranger.map((r) => r.status));
    expect(statuses).toEqual({ 202: 2, 429: 28 });
    expect((await registrations(client, session.sessionId)).find((row) => row.email === email)).toMatchObject({ firstName: 'Ana', lastName: 'Diaz' });

    // The owner's link still works, whatever the stranger did.
    const mine = await confirm(ownToken);
    expect(mine.status).toBe(200);
    expect((await registrations(client, session.sessionId)).find((row) => row.email === email)).toMatchObject({ firstName: 'Ana', lastName: 'Diaz-Ruiz' });

    // 30 first registrations asked for someone else's address do not use up that owner's chance to register.
    const other = `first-${randomUUID().slice(0, 8)}@example.test`;
    const flood = await inParallel(30, (i) => register(body(session, { email: other, firstName: `Mallory${i}` }), `198.23.${i}.5`));
    expect(tally(flood.map((r) => r.status))).toEqual({ 202: 30 });
    const ownFirst = await register(body(session, { email: other, firstName: 'Olivia' }));
    expect(ownFirst.status).toBe(202);
    const olivia = await eventually(
      'the mail of Olivia’s own request',
      async () => (await mailsTo(client, other, 31)).find((mail) => mail.text.includes('Name: Olivia Diaz')),
      Boolean,
    );
    expect((await confirm(tokenIn(olivia!)!)).status).toBe(200);
    expect((await registrations(client, session.sessionId)).filter((row) => row.email === other)).toEqual([
      expect.objectContaining({ firstName: 'Olivia', status: 'confirmed' }),
    ]);
  });

  it('lets an admin move a weekend (registrants mailed the new dates) and cancel it (mailed, no longer offered); agents are refused', async () => {
    const client = await admin();
    const sessions = await offered();
    const session = sessions.at(-2)!;
    const email = `moved-${randomUUID().slice(0, 8)}@example.test`;
    expect((await confirm(await requested(client, body(session, { email })))).status).toBe(200);

    const own = await freshAgent('prep-agent');
    const agent = await signedInClient(own.email, own.password);
    expect((await agent.request('GET', '/api/admin/prep-course/sessions')).status).toBe(403);
    expect((await agent.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/cancel`, {})).status).toBe(403);
    expect((await agent.request('GET', `/api/admin/prep-course/sessions/${session.sessionId}/registrations.csv`)).status).toBe(403);

    const move = (saturday: string) => client.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/move`, { saturday });
    expect((await move(format(addDays(parseISO(session.saturday), 8), 'yyyy-MM-dd'))).status).toBe(400);
    expect((await move(sessions[0]!.saturday)).status).toBe(409);
    const to = format(addDays(parseISO(session.saturday), 7), 'yyyy-MM-dd');
    expect((await move(to)).status).toBe(200);
    const [, , moved] = await mailsTo(client, email, 3);
    expect(moved!.subject).toMatch(/^Your 2-15 License Prep weekend has moved to /);
    const [event] = Object.values(ical.sync.parseICS(moved!.attachments![0]!.content)).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(eastern(event!.start)).toBe(`${to} 08:00`);
    expect((await offered()).find((s) => s.sessionId === session.sessionId)?.saturday).toBe(to);

    expect((await client.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/cancel`, {})).status).toBe(200);
    expect((await client.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/cancel`, {})).status).toBe(409);
    const [, , , cancelled] = await mailsTo(client, email, 4);
    expect(cancelled!.subject).toMatch(/^Cancelled: 2-15 License Prep on /);
    expect((await offered()).some((s) => s.sessionId === session.sessionId)).toBe(false);
    expect((await adminSessions(client)).find((s) => s.sessionId === session.sessionId)).toMatchObject({ status: 'cancelled', movedFrom: session.saturday });
  });
});

describe('an expired prep course confirmation link (a portal of the test’s own, whose database the test ages)', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    own = await startOwnPortal();
  });
  afterAll(() => own?.close());

  it('is refused in words and changes nothing', async () => {
    const client = new ApiClient(own.portal.url);
    const { sessions } = (await (await client.request('GET', '/api/prep-course/sessions')).json()) as { sessions: Offered[] };
    const email = `late-${randomUUID().slice(0, 8)}@example.test`;
    const asked = await client.request('POST', '/api/prep-course/registrations', body(sessions[0]!, { email }), { 'idempotency-key': randomUUID() });
    expect(asked.status).toBe(202);
    const text = await eventually(
      'the link mailed',
      async () => (await own.pool.query<{ text_body: string }>('SELECT text_body FROM mail_messages WHERE to_address = $1', [email])).rows[0]?.text_body,
      Boolean,
    );
    const token = text!.match(LINK)![1]!;
    // A day and more later.
    await own.pool.query(`UPDATE prep_registration_requests SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);

    const late = await client.request('POST', '/api/prep-course/confirmations', { token }, { 'idempotency-key': randomUUID() });
    expect([late.status, await late.json()]).toEqual([
      410,
      expect.objectContaining({
        code: 'PREP_LINK_EXPIRED',
        message: 'This confirmation link has expired (links work for 24 hours). Please register again to get a new one.',
      }),
    ]);
    expect((await client.request('POST', '/api/prep-course/confirmations/preview', { token })).status).toBe(410);
    const { rows } = await own.pool.query('SELECT 1 FROM prep_registrations WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });
});
