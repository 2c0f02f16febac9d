import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { portalUrl, signedInClient } from '../support/portal/portal.js';

type SecurityEvent = { eventType: string; severity: string; userId: string | null; ipAddress: string | null; details: Record<string, unknown> };
type Alert = { alertId: string; alertType: string; subject: string; status: string; eventCount: number; lastSeenAt: string; user: { email: string } | null };
type Mail = { to: string; subject: string; text: string };

async function admin(): Promise<ApiClient> {
  const client = new ApiClient(portalUrl());
  await client.signIn('admin@portal.test', inject('demoPassword'));
  return client;
}

async function eventsOf(type: string): Promise<SecurityEvent[]> {
  return (await (await (await admin()).request('GET', `/api/admin/security/events?type=${type}&limit=500`)).json()).events;
}

describe('security events recorded on the server', () => {
  it('records a failed sign-in with the e-mail tried, the address and medium severity', async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@agents.test`;
    await new ApiClient(portalUrl()).signIn(email, 'wrong-password-1');
    await expect
      .poll(async () => (await eventsOf('failed_login')).find((e) => e.details.email === email))
      .toMatchObject({ eventType: 'failed_login', severity: 'medium', userId: null, ipAddress: expect.any(String) });
  });

  it('records a refused admin request as unauthorized access (high) with the user and path', async () => {
    const agent = new ApiClient(portalUrl());
    const signIn = await agent.signIn('agent@portal.test', inject('demoPassword'));
    const agentId = (await signIn.json()).user.id;
    expect((await agent.request('GET', '/api/admin/security/events')).status).toBe(403);
    await expect
      .poll(async () => (await eventsOf('unauthorized_access')).find((e) => e.userId === agentId && e.details.path === '/api/admin/security/events'))
      .toMatchObject({ severity: 'high', details: { status: 403, method: 'GET' } });
  });

  it('records an admin reading the mail outbox, whose links sign people in, as credential access', async () => {
    const client = await admin();
    const to = `outbox-${randomUUID().slice(0, 8)}@agents.test`;
    expect((await client.request('GET', `/api/admin/outbox?to=${to}`)).status).toBe(200);
    const adminId = (await (await client.request('GET', '/api/auth/session')).json()).user.id;
    await expect
      .poll(async () => (await eventsOf('credential_access')).find((e) => e.details.to === to))
      .toMatchObject({ severity: 'medium', userId: adminId, ipAddress: client.address, details: { messages: 0 } });
  });

  it('records failed access codes and hit rate limits', async () => {
    // A fresh account: a failed code counts toward its lockout.
    const email = `codes-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Security-Events-2026');
    const agent = new ApiClient(portalUrl());
    const agentId = (await (await agent.signIn(email, 'Security-Events-2026')).json()).user.id;
    await agent.request('POST', '/api/access/verify', { code: 'NOT-A-REAL-CODE' });
    await expect.poll(async () => (await eventsOf('access_code_attempt')).some((e) => e.userId === agentId)).toBe(true);

    const flood = `flood-${randomUUID().slice(0, 8)}@agents.test`;
    for (let i = 0; i < 6; i++) await agent.request('POST', '/api/auth/forgot-password', { email: flood });
    await expect.poll(async () => (await eventsOf('rate_limit_exceeded')).some((e) => e.details.path === '/api/auth/forgot-password')).toBe(true);
  });
});

describe('security alerts', () => {
  it('raises a high alert after repeated failed sign-ins, mails the admins, and lets an admin resolve it', async () => {
    const email = `target-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Alert-Target-2026');
    const attacker = new ApiClient(portalUrl());
    for (let i = 0; i < 5; i++) await attacker.signIn(email, `wrong-${i}-password`);

    const client = await admin();
    const userId = await (async () => {
      const target = new ApiClient(portalUrl());
      return (await (await target.signIn(email, 'Alert-Target-2026')).json()).user?.id as string | undefined;
    })();
    let alert: { alertId: string; severity: string; userId: string | null; eventCount: number } | undefined;
    await expect
      .poll(async () => {
        const { alerts } = await (await client.request('GET', '/api/admin/security/alerts')).json();
        alert = alerts.find((a: { alertType: string; userId: string | null }) => a.alertType === 'failed_login' && a.userId === userId);
        return alert !== undefined;
      })
      .toBe(true);
    expect(alert).toMatchObject({ severity: 'high', eventCount: 5 });

    await expect
      .poll(async () => {
        const { messages } = await (await client.request('GET', '/api/admin/outbox?to=admin@portal.test')).json();
        // The mail names the account by e-mail, not by its id; the first of its window, or grouped with others of one (another test's).
        return (messages as Mail[]).some(
          (m) => /^Security alert: failed login( \(\d+ more\))?$/.test(m.subject) && m.text.includes(`for user ${email}`) && !m.text.includes(userId!),
        );
      })
      .toBe(true);

    expect(
      (await client.request('POST', `/api/admin/security/alerts/${alert!.alertId}`, { status: 'resolved', note: 'Agent forgot the password; reset sent.' }))
        .status,
    ).toBe(200);
    const { alerts: resolved } = await (await client.request('GET', '/api/admin/security/alerts?status=resolved')).json();
    expect(resolved.find((a: { alertId: string }) => a.alertId === alert!.alertId)).toMatchObject({
      status: 'resolved',
      note: 'Agent forgot the password; reset sent.',
    });
  });
});

describe('a sign-in to an unconfirmed account', () => {
  it('is a failed_login (medium) with the reason, not an unauthorized_access', async () => {
    const email = `unconfirmed-${randomUUID().slice(0, 8)}@agents.test`;
    const client = new ApiClient(portalUrl());
    const { leaders } = await (await client.request('GET', '/api/sat-leaders')).json();
    expect(
      (
        await client.request('POST', '/api/auth/sign-up', {
          email,
          password: 'Unconfirmed-2026',
          confirmPassword: 'Unconfirmed-2026',
          satLeaderId: leaders[0].id,
        })
      ).status,
    ).toBe(201);
    const refused = await client.signIn(email, 'Unconfirmed-2026');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    // A later refusal from the same address marks the point by which the sign-in's own events are in.
    expect((await client.request('GET', '/api/admin/users')).status).toBe(401);

    const admin = await signedInClient('admin@portal.test');
    const fromClient = async () =>
      (await (await admin.request('GET', `/api/admin/security/events?ip=${client.address}&limit=500`)).json()).events as SecurityEvent[];
    await expect.poll(async () => (await fromClient()).some((e) => e.eventType === 'unauthorized_access' && e.details.path === '/api/admin/users')).toBe(true);
    const events = await fromClient();
    expect(events.filter((e) => e.details.path === '/api/auth/sign-in')).toEqual([]);
    expect(events.filter((e) => e.eventType === 'failed_login')).toEqual([
      expect.objectContaining({ severity: 'medium', userId: expect.any(String), details: { email, reason: 'email not confirmed' } }),
    ]);
  });
});

describe('a burst of security events', () => {
  it('raises one alert, counting every event, and mails each admin once (40 bad sign-ups at once from one address)', async () => {
    const attacker = new ApiClient(portalUrl());
    const statuses = await inParallel(40, async () => (await attacker.request('POST', '/api/auth/sign-up', {})).status);
    const refusals = tally(statuses);
    expect(refusals['429']).toBeGreaterThan(1);
    const admin = await signedInClient('admin@portal.test');
    const subject = `ip:${attacker.address}`;
    const alertsFor = async () => {
      const lists = await Promise.all(
        ['active', 'acknowledged', 'resolved'].map(
          async (status) => (await (await admin.request('GET', `/api/admin/security/alerts?status=${status}`)).json()).alerts as Alert[],
        ),
      );
      return lists.flat().filter((a) => a.subject === subject);
    };
    // Every rate-limited request is one event; the alert has counted them all once it reaches that number.
    await expect.poll(async () => (await alertsFor()).map((a) => a.eventCount)).toEqual([refusals['429']]);
    const [alert] = await alertsFor();
    expect(alert).toMatchObject({ alertType: 'rate_limit_exceeded', status: 'active' });

    const mailsAbout = async (to?: string) =>
      ((await (await admin.request('GET', `/api/admin/outbox?limit=200${to ? `&to=${to}` : ''}`)).json()).messages as Mail[]).filter((m) =>
        m.text.includes(subject),
      );
    await expect.poll(async () => (await mailsAbout('admin@portal.test')).length).toBe(1);
    const perAdmin = tally((await mailsAbout()).map((m) => m.to));
    expect(Object.values(perAdmin).every((n) => n === 1)).toBe(true);
    expect(perAdmin['admin@portal.test']).toBe(1);
  });

  it('groups the alerts of many addresses: the first mailed at once, the others of its window in one mail naming each address', async () => {
    const attackers = Array.from({ length: 8 }, () => new ApiClient(portalUrl()));
    // Each address goes over the sign-up limit (20 an hour) at about the same moment.
    await Promise.all(attackers.map((attacker) => Promise.all(Array.from({ length: 22 }, () => attacker.request('POST', '/api/auth/sign-up', {})))));
    const admin = await signedInClient('admin@portal.test');
    const subjects = attackers.map((attacker) => `ip:${attacker.address}`);
    // A mail names an address at the end of its alert's sentence (the first) or line (the grouped one).
    const named = (mail: Mail) => subjects.filter((subject) => mail.text.includes(`${subject}.`) || mail.text.includes(`${subject};`));
    const mails = async () =>
      ((await (await admin.request('GET', '/api/admin/outbox?limit=200&to=admin@portal.test')).json()).messages as Mail[]).filter(
        (mail) => named(mail).length > 0,
      );
    // Every address is in a mail once its window has ended (10 s on the test portal).
    await expect.poll(async () => new Set((await mails()).flatMap(named)).size).toBe(subjects.length);
    const sent = await mails();
    expect(tally(sent.flatMap(named))).toEqual(Object.fromEntries(subjects.map((subject) => [subject, 1])));
    // Eight alerts, far fewer mails: at most a first and a grouped one in each window they fell in.
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(sent.some((mail) => named(mail).length >= 2 && /^Security alert: rate limit exceeded \(\d+ more\)$/.test(mail.subject))).toBe(true);
  });

  it('lets 30 parallel acknowledgements make one change, then one resolution; each is an event with the admin as actor; a resolved alert is final', async () => {
    const attacker = new ApiClient(portalUrl());
    await inParallel(30, () => attacker.request('POST', '/api/auth/sign-up', {}));
    const admin = await signedInClient('admin@portal.test');
    let alert: Alert | undefined;
    await expect
      .poll(async () => {
        alert = ((await (await admin.request('GET', '/api/admin/security/alerts')).json()).alerts as Alert[]).find(
          (a) => a.subject === `ip:${attacker.address}`,
        );
        return alert !== undefined;
      })
      .toBe(true);
    const url = `/api/admin/security/alerts/${alert!.alertId}`;

    const acknowledged = await inParallel(30, async () => (await admin.request('POST', url, { status: 'acknowledged', note: 'Looking into it.' })).status);
    expect(tally(acknowledged)).toEqual({ 200: 1, 409: 29 });
    const resolved = await inParallel(30, async () => (await admin.request('POST', url, { status: 'resolved' })).status);
    expect(tally(resolved)).toEqual({ 200: 1, 409: 29 });

    const again = await admin.request('POST', url, { status: 'acknowledged' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'ALERT_STATUS_CONFLICT', message: 'This alert is already resolved; a resolved alert cannot be changed.' });
    const backToActive = await admin.request('POST', url, { status: 'active' });
    expect(backToActive.status).toBe(400);
    expect(await backToActive.json()).toMatchObject({ fieldErrors: [{ field: 'status', message: 'Choose acknowledged or resolved' }] });
    const { alerts: resolvedList } = await (await admin.request('GET', '/api/admin/security/alerts?status=resolved')).json();
    expect(resolvedList.find((a: Alert) => a.alertId === alert!.alertId)).toMatchObject({ status: 'resolved', note: 'Looking into it.' });

    type AuditRow = { eventType: string; actor: { type: string; email: string | null }; summary: string };
    const stream = async () =>
      (await (await admin.request('GET', `/api/admin/audit/events?stream=securityalert-${alert!.alertId}`)).json()).events as AuditRow[];
    await expect
      .poll(async () => (await stream()).map((e) => e.eventType))
      .toEqual(['SecurityAlertResolved', 'SecurityAlertAcknowledged', 'SecurityAlertRaised']);
    const [resolution, acknowledgement] = await stream();
    expect(resolution!.actor).toMatchObject({ type: 'user', email: 'admin@portal.test' });
    expect(acknowledgement!.actor).toMatchObject({ type: 'user', email: 'admin@portal.test' });
    expect(acknowledgement!.summary).toContain('note Looking into it.');
  });
});
