import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from './support/api-client.js';
import { portalUrl } from './support/browser.js';
import { createConfirmedAccount } from './support/mailbox.js';

type SecurityEvent = { eventType: string; severity: string; userId: string | null; ipAddress: string | null; details: Record<string, unknown> };

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
      .poll(async () => (await eventsOf('failed_login')).find((e) => e.details.email === email), { timeout: 10_000 })
      .toMatchObject({ eventType: 'failed_login', severity: 'medium', userId: null, ipAddress: expect.any(String) });
  });

  it('records a refused admin request as unauthorized access (high) with the user and path', async () => {
    const agent = new ApiClient(portalUrl());
    const signIn = await agent.signIn('agent@portal.test', inject('demoPassword'));
    const agentId = (await signIn.json()).user.id;
    expect((await agent.request('GET', '/api/admin/security/events')).status).toBe(403);
    await expect
      .poll(async () => (await eventsOf('unauthorized_access')).find((e) => e.userId === agentId && e.details.path === '/api/admin/security/events'), { timeout: 10_000 })
      .toMatchObject({ severity: 'high', details: { status: 403, method: 'GET' } });
  });

  it('records an admin reading the mail outbox, whose links sign people in, as credential access', async () => {
    const client = await admin();
    const to = `outbox-${randomUUID().slice(0, 8)}@agents.test`;
    expect((await client.request('GET', `/api/admin/outbox?to=${to}`)).status).toBe(200);
    const adminId = (await (await client.request('GET', '/api/auth/session')).json()).user.id;
    await expect
      .poll(async () => (await eventsOf('credential_access')).find((e) => e.details.to === to), { timeout: 10_000 })
      .toMatchObject({ severity: 'medium', userId: adminId, ipAddress: client.address, details: { messages: 0 } });
  });

  it('records failed access codes and hit rate limits', async () => {
    // A fresh account: a failed code counts toward its lockout.
    const email = `codes-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Security-Events-2026');
    const agent = new ApiClient(portalUrl());
    const agentId = (await (await agent.signIn(email, 'Security-Events-2026')).json()).user.id;
    await agent.request('POST', '/api/access/verify', { code: 'NOT-A-REAL-CODE' });
    await expect.poll(async () => (await eventsOf('access_code_attempt')).some((e) => e.userId === agentId), { timeout: 10_000 }).toBe(true);

    const flood = `flood-${randomUUID().slice(0, 8)}@agents.test`;
    for (let i = 0; i < 6; i++) await agent.request('POST', '/api/auth/forgot-password', { email: flood });
    await expect
      .poll(async () => (await eventsOf('rate_limit_exceeded')).some((e) => e.details.path === '/api/auth/forgot-password'), { timeout: 10_000 })
      .toBe(true);
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
      .poll(
        async () => {
          const { alerts } = await (await client.request('GET', '/api/admin/security/alerts')).json();
          alert = alerts.find((a: { alertType: string; userId: string | null }) => a.alertType === 'failed_login' && a.userId === userId);
          return alert !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(alert).toMatchObject({ severity: 'high', eventCount: 5 });

    await expect
      .poll(async () => {
        const { messages } = await (await client.request('GET', '/api/admin/outbox?to=admin@portal.test')).json();
        return (messages as { subject: string }[]).some((m) => m.subject === 'Security alert: failed login');
      }, { timeout: 15_000 })
      .toBe(true);

    expect((await client.request('POST', `/api/admin/security/alerts/${alert!.alertId}`, { status: 'resolved', note: 'Agent forgot the password; reset sent.' })).status).toBe(200);
    const { alerts: resolved } = await (await client.request('GET', '/api/admin/security/alerts?status=resolved')).json();
    expect(resolved.find((a: { alertId: string }) => a.alertId === alert!.alertId)).toMatchObject({ status: 'resolved', note: 'Agent forgot the password; reset sent.' });
  });
});
