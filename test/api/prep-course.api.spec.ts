import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';

import { PREP_MESSAGES } from '../../src/modules/prep-course/contracts/prep-form.js';
import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, portalUrl, signedInClient } from '../support/portal/portal.js';
import { eventually } from '../support/waiting.js';

type Offered = { sessionId: string; saturday: string; sunday: string; dateIso: string; label: string };
type AdminSession = Offered & { capacity: number; registered: number; status: string; offered: boolean; movedFrom: string | null };
type Mail = { subject: string; text: string; attachments?: { filename: string; content: string }[] };

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
const register = (payload: Record<string, unknown>, ip = someAddress()) => visitor.request('POST', '/api/prep-course/registrations', payload, from(ip));

async function admin() {
  return signedInClient('admin@portal.test');
}
const adminSessions = async (client: ApiClient) =>
  ((await (await client.request('GET', '/api/admin/prep-course/sessions')).json()) as { sessions: AdminSession[] }).sessions;
const registrations = async (client: ApiClient, sessionId: string) =>
  (
    (await (await client.request('GET', `/api/admin/prep-course/sessions/${sessionId}/registrations`)).json()) as {
      registrations: { email: string; firstName: string }[];
    }
  ).registrations;
async function mailsTo(client: ApiClient, email: string, count: number): Promise<Mail[]> {
  const messages = await eventually(
    `${count} mails to ${email}`,
    async () => ((await (await client.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] }).messages,
    (mails) => mails.length >= count,
  );
  return messages.reverse();
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
  });

  it('registers, mails the details with a two-day calendar file at 08:00 Eastern, and updates on a second registration of the same e-mail', async () => {
    const client = await admin();
    const session = (await offered())[0]!;
    const email = `prep-${randomUUID().slice(0, 8)}@example.test`;
    const first = await register(body(session, { email }));
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { registrationId: string; session: Offered; email: string };
    expect(answer).toMatchObject({ session: { sessionId: session.sessionId, dateIso: session.dateIso }, email: 'sent' });

    const [confirmation] = await mailsTo(client, email, 1);
    expect(confirmation!.subject).toBe(`You're registered: 2-15 License Prep, ${session.label}`);
    expect(confirmation!.text).toContain('Office: West Tampa – Kevin Tran');
    expect(confirmation!.text).toContain('Exam attempts so far: Once');
    const calendar = Object.values(ical.sync.parseICS(confirmation!.attachments![0]!.content)).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(calendar.map((event) => [eastern(event.start), eastern(event.end!)]).sort()).toEqual([
      [`${session.saturday} 08:00`, `${session.saturday} 13:00`],
      [`${session.sunday} 08:00`, `${session.sunday} 13:00`],
    ]);

    const again = await register(body(session, { email: email.toUpperCase(), firstName: 'Anabel', examAttempts: 'Twice' }));
    expect(((await again.json()) as { registrationId: string }).registrationId).toBe(answer.registrationId);
    const rows = (await registrations(client, session.sessionId)).filter((row) => row.email.toLowerCase() === email);
    expect(rows).toEqual([expect.objectContaining({ firstName: 'Anabel' })]);
    // The address's owner hears that the details changed (anyone knowing the address can send the form).
    const updated = (await mailsTo(client, email, 2)).find((mail) => mail.subject.startsWith('Your registration was updated'));
    expect(updated?.subject).toBe(`Your registration was updated: 2-15 License Prep, ${session.label}`);
    expect(updated!.text).toContain('Exam attempts so far: Twice');
    expect(updated!.text).toContain('If you did not make this change, reply to this e-mail');
    const csv = await (await client.request('GET', `/api/admin/prep-course/sessions/${session.sessionId}/registrations.csv`)).text();
    expect(csv.split('\r\n')[0]).toBe('First name,Last name,Email,Office,Course dates,Dates (ISO),Exam attempts,Commitment,Registered (UTC),Updated (UTC)');
    expect(csv).toContain(`Anabel,Diaz,${email.toUpperCase()},West Tampa – Kevin Tran,"${session.label}",${session.dateIso},Twice,Yes,`);

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

  it('answers a filled honeypot as if registered, and keeps and mails nothing', async () => {
    const client = await admin();
    const session = (await offered())[0]!;
    const email = `bot-${randomUUID().slice(0, 8)}@example.test`;
    const response = await register(body(session, { email, website: 'https://spam.example' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ session: { sessionId: session.sessionId }, email: 'sent' });
    expect((await registrations(client, session.sessionId)).some((row) => row.email === email)).toBe(false);
    const { messages } = (await (await client.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] };
    expect(messages).toEqual([]);
  });

  it('fills a weekend’s seats exactly under 30 registrations at once, then stops offering it', async () => {
    const client = await admin();
    const session = (await offered()).at(-1)!;
    expect((await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 5 })).status).toBe(200);
    const responses = await inParallel(30, (i) => register(body(session), `198.19.${i}.${Math.floor(Math.random() * 250) + 1}`));
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 5, 409: 25 });
    const refused = responses.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe(PREP_MESSAGES.full);
    expect((await offered()).some((s) => s.sessionId === session.sessionId)).toBe(false);
    expect((await adminSessions(client)).find((s) => s.sessionId === session.sessionId)).toMatchObject({ registered: 5, capacity: 5, offered: false });
    const below = await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 4 });
    expect(((await below.json()) as { message: string }).message).toBe('The capacity cannot be less than the 5 people already registered');
    expect((await client.request('PUT', `/api/admin/prep-course/sessions/${session.sessionId}/capacity`, { capacity: 40 })).status).toBe(200);
  });

  it('limits registrations per address and per e-mail, counting 30 sent at once', async () => {
    const session = (await offered())[0]!;
    const ip = someAddress();
    const perAddress = await inParallel(30, () => register(body(session, { website: 'x' }), ip));
    expect(tally(perAddress.map((r) => r.status))).toEqual({ 201: 20, 429: 10 });
    expect(Number(perAddress.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
    const email = `flood-${randomUUID().slice(0, 8)}@example.test`;
    const perEmail = await inParallel(30, (i) => register(body(session, { email, website: 'x' }), `198.20.${i}.7`));
    expect(tally(perEmail.map((r) => r.status))).toEqual({ 201: 5, 429: 25 });
  });

  it('lets an admin move a weekend (registrants mailed the new dates) and cancel it (mailed, no longer offered); agents are refused', async () => {
    const client = await admin();
    const sessions = await offered();
    const session = sessions.at(-2)!;
    const email = `moved-${randomUUID().slice(0, 8)}@example.test`;
    expect((await register(body(session, { email }))).status).toBe(201);

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
    const [, moved] = await mailsTo(client, email, 2);
    expect(moved!.subject).toMatch(/^Your 2-15 License Prep weekend has moved to /);
    const [event] = Object.values(ical.sync.parseICS(moved!.attachments![0]!.content)).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(eastern(event!.start)).toBe(`${to} 08:00`);
    expect((await offered()).find((s) => s.sessionId === session.sessionId)?.saturday).toBe(to);

    expect((await client.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/cancel`, {})).status).toBe(200);
    expect((await client.request('POST', `/api/admin/prep-course/sessions/${session.sessionId}/cancel`, {})).status).toBe(409);
    const [, , cancelled] = await mailsTo(client, email, 3);
    expect(cancelled!.subject).toMatch(/^Cancelled: 2-15 License Prep on /);
    expect((await offered()).some((s) => s.sessionId === session.sessionId)).toBe(false);
    expect((await adminSessions(client)).find((s) => s.sessionId === session.sessionId)).toMatchObject({ status: 'cancelled', movedFrom: session.saturday });
  });
});
