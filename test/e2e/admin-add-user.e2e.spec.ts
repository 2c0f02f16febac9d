import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { mailedLink, tokenOf } from '../support/portal/mailbox.js';
import { freshAdmin, openWithAccessCode, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('an admin adds a user, such as a SAT leader who cannot sign up before a leader exists', () => {
  it('makes the account from the Users page, mails its owner a link to set the password, and offers the new SAT leader at sign-up', async () => {
    const email = `jordan.${Date.now()}@portal.test`;
    const name = `Jordan Lead ${Date.now()}`;
    const { context, page } = await newPage(browser, { width: 1440 });
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Display name (optional)').fill(name);
    expect(await dialog.getByLabel('SAT leader (offered to people signing up)').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByText(`${email} has been e-mailed a link to set their password.`, { exact: true }).waitFor();
    await context.close();

    const link = await mailedLink(email, 'recovery');
    expect(link.origin).toBe(portalUrl());
    const owner = new ApiClient(portalUrl());
    expect((await owner.request('POST', '/api/auth/reset-password', { token: tokenOf(link), password: 'jordan-leads-1' })).status).toBe(200);
    expect((await owner.signIn(email, 'jordan-leads-1')).status).toBe(200);

    const newcomer = new ApiClient(portalUrl());
    const { leaders } = (await (await newcomer.request('GET', '/api/sat-leaders')).json()) as { leaders: { id: string; displayName: string }[] };
    const leader = leaders.find((l) => l.displayName === name)!;
    const signUp = await newcomer.request('POST', '/api/auth/sign-up', {
      email: `follower.${Date.now()}@portal.test`,
      password: 'follows-jordan-1',
      confirmPassword: 'follows-jordan-1',
      satLeaderId: leader.id,
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);

    // Other tests expect the seeded SAT leaders only: the new leader steps down.
    const adminClient = await signedInClient(admin.email, admin.password);
    expect((await adminClient.request('PUT', `/api/admin/users/${leader.id}/sat-leader`, { satLeader: false })).status).toBe(200);
    const after = (await (await newcomer.request('GET', '/api/sat-leaders')).json()) as { leaders: { id: string }[] };
    expect(after.leaders.map((l) => l.id)).not.toContain(leader.id);
  });

  it('refuses an address that has an account, and a bad one, under the email field; a plain account is no SAT leader and has no password yet', async () => {
    const admin = await signedInClient('admin@portal.test');
    const taken = await admin.request('POST', '/api/admin/users', { email: 'Agent@portal.test' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).fieldErrors).toEqual([{ field: 'email', message: 'An account with this email already exists.' }]);
    const bad = await admin.request('POST', '/api/admin/users', { email: 'not-an-address', satLeader: 'yes' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()).fieldErrors as { field: string }[]).map((f) => f.field).sort()).toEqual(['email', 'satLeader']);

    const plain = await admin.request('POST', '/api/admin/users', { email: `plain.${Date.now()}@portal.test` });
    expect(plain.status).toBe(201);
    const { userId } = await plain.json();
    const { users } = await (await admin.request('GET', `/api/admin/users?search=${encodeURIComponent('plain.')}`)).json();
    expect(users.find((u: { id: string }) => u.id === userId)).toMatchObject({ isSatLeader: false, hasPassword: false, emailConfirmed: false });
  });
});
