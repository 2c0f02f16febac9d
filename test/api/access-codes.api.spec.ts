import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { createAccessCode, freshAgent, portalUrl, signedInClient } from '../support/portal/portal.js';

async function newCode(hours = 8): Promise<string> {
  const { code } = await createAccessCode(hours, `test ${randomUUID().slice(0, 6)}`);
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  return code;
}

const signedIn = signedInClient;

describe('access codes (API)', () => {
  it('lets only elevated users through a protected API, checked on the server at each request', async () => {
    const email = `guarded-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Guarded-Agent-2026');
    const agent = await signedIn(email, 'Guarded-Agent-2026');
    const training = () => agent.request('GET', '/api/training/video', undefined, {}, 'manual');

    expect((await new ApiClient(portalUrl()).request('GET', '/api/training/video', undefined, {}, 'manual')).status).toBe(401);
    const refused = await training();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCESS_CODE_REQUIRED', message: 'Please enter the access code to access this page.' });

    expect((await agent.request('POST', '/api/access/verify', { code: await newCode(1) })).status).toBe(200);
    const allowed = await training();
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toMatch(/^https:\/\//);

    expect((await agent.request('POST', '/api/access/revoke')).status).toBe(200);
    expect((await training()).status).toBe(403);
    const admin = await signedIn('admin@portal.test');
    const agentId = (await (await agent.request('GET', '/api/auth/session')).json()).user.id;
    await expect
      .poll(async () => (await (await admin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${agentId}`)).json()).events.length)
      .toBe(2);
  });

  it('unlocks elevated access for the code’s hours, counts wrong codes down, and revokes', async () => {
    const code = await newCode(8);
    const { email, password } = await freshAgent('unlock');
    const agent = await signedIn(email, password);

    const wrong = await agent.request('POST', '/api/access/verify', { code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE', message: 'Invalid access code', remainingAttempts: 4 });

    const blank = await agent.request('POST', '/api/access/verify', { code: '   ' });
    expect((await blank.json()).fieldErrors).toEqual([{ field: 'code', message: 'Please enter an access code' }]);

    const ok = await agent.request('POST', '/api/access/verify', { code: ` ${code.toLowerCase().replaceAll('-', ' ')} ` });
    expect(ok.status).toBe(200);
    const { expiresAt } = await ok.json();
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);

    expect(await (await agent.request('GET', '/api/access/status')).json()).toMatchObject({ isMicrosoftUser: false, hasElevatedAccess: true, expiresAt });
    expect((await (await agent.request('GET', '/api/auth/session')).json()).user.hasElevatedAccess).toBe(true);

    expect((await agent.request('POST', '/api/access/revoke')).status).toBe(200);
    expect((await (await agent.request('GET', '/api/access/status')).json()).hasElevatedAccess).toBe(false);
  });

  it('locks an agent out after 5 wrong codes, even for the right one', async () => {
    const code = await newCode(1);
    const email = `locked-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Locked-Out-2026');
    const agent = await signedIn(email, 'Locked-Out-2026');
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await (await agent.request('POST', '/api/access/verify', { code: `WRONG-${i}` })).json()).remainingAttempts);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const locked = await agent.request('POST', '/api/access/verify', { code });
    expect(locked.status).toBe(423);
    expect(await locked.json()).toMatchObject({
      code: 'ACCESS_CODE_LOCKED',
      message: 'Too many failed attempts. Please try again later.',
      remainingAttempts: 0,
    });
  });

  it('counts 30 wrong codes sent at once, logs the ones refused while locked, and then refuses the right code too', async () => {
    const code = await newCode(1);
    const email = `burst-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Burst-Of-Codes-2026');
    const agent = await signedIn(email, 'Burst-Of-Codes-2026');
    const statuses = await inParallel(30, (i) => agent.request('POST', '/api/access/verify', { code: `WRONG-${i}` }).then((response) => response.status));
    expect(tally(statuses)).toEqual({ 400: 5, 423: 25 });

    // From another address: the per-address limit (30 in 15 minutes) is not what is tested here.
    const locked = await agent.request('POST', '/api/access/verify', { code }, { 'x-forwarded-for': '198.51.100.23' });
    expect(locked.status).toBe(423);
    expect((await (await agent.request('GET', '/api/access/status')).json()).hasElevatedAccess).toBe(false);

    const admin = await signedIn('admin@portal.test');
    const agentId = (await (await agent.request('GET', '/api/auth/session')).json()).user.id;
    const logged = async () =>
      (await (await admin.request('GET', `/api/admin/security/events?type=access_code_attempt&userId=${agentId}&limit=100`)).json()).events as {
        details: { locked?: boolean };
      }[];
    await expect.poll(async () => (await logged()).length).toBe(31);
    expect((await logged()).filter((event) => event.details.locked === true)).toHaveLength(26);
  });

  it('keeps code management to admins and never shows a code again', async () => {
    const agent = await signedIn('agent@portal.test');
    expect((await agent.request('POST', '/api/admin/access-codes', { label: 'mine', grantsHours: 1 })).status).toBe(403);
    expect((await agent.request('GET', '/api/admin/access-codes')).status).toBe(403);
    const code = await newCode(2);
    const admin = await signedIn('admin@portal.test');
    const listing = JSON.stringify(await (await admin.request('GET', '/api/admin/access-codes')).json());
    expect(listing).not.toContain(code);
  });

  it('stops a disabled code from unlocking', async () => {
    const admin = await signedIn('admin@portal.test');
    const created = await (await admin.request('POST', '/api/admin/access-codes', { label: 'to disable', grantsHours: 1 })).json();
    expect((await admin.request('POST', `/api/admin/access-codes/${created.codeId}/disable`)).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await (await admin.request('GET', '/api/admin/access-codes')).json()).codes.find((c: { codeId: string }) => c.codeId === created.codeId)?.disabled,
      )
      .toBe(true);
    const email = `disabled-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Disabled-Code-2026');
    const agent = await signedIn(email, 'Disabled-Code-2026');
    const response = await agent.request('POST', '/api/access/verify', { code: created.code });
    expect(await response.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE', remainingAttempts: 4 });
  });
});
