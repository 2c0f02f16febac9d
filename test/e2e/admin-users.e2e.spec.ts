import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { freshAdmin, openWithAccessCode, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

const PASSWORD = 'users-page-pass-1';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The row of the users grid whose Email cell is `email`. */
const userRow = (page: Page, email: string) => page.locator('.ag-row', { has: page.locator(`[col-id=email]`, { hasText: email }) });

/**
 * Chooses `action` in the Manage menu of the user's row. The grid redraws a row when its user
 * changes (realtime), which closes a menu opened on the old row: then the menu is opened again.
 */
async function clickInRow(page: Page, email: string, action: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: action, exact: true });
  for (let attempt = 1; ; attempt++) {
    await userRow(page, email)
      .getByRole('button', { name: `Manage ${email}` })
      .click();
    try {
      await item.waitFor({ timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

describe('admin Users page', () => {
  it('finds an account by search, marks a SAT leader, grants admin, and disables the account, which ends its sessions', async () => {
    const email = `casey.${Date.now()}@portal.test`;
    await createConfirmedAccount(email, PASSWORD);
    const casey = new ApiClient(portalUrl());
    expect((await casey.signIn(email, PASSWORD)).status).toBe(200);

    const { context, page } = await newPage(browser, { width: 1440 });
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/security');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.getByPlaceholder('Search by name or email').fill(email.slice(0, 12));
    await expect.poll(() => page.locator('.ag-row').count()).toBe(1);
    await userRow(page, email).waitFor();

    await clickInRow(page, email, 'Mark SAT leader');
    await page.getByText(`${email} is now a SAT leader.`, { exact: true }).waitFor();
    // The grid reloads the row after a change (it closes an open menu): wait for it before the next.
    await userRow(page, email).locator('[col-id=roles]', { hasText: 'SAT leader' }).waitFor();
    const leaders = (await (await casey.request('GET', '/api/sat-leaders')).json()).leaders as { displayName: string }[];
    expect(leaders.map((l) => l.displayName)).toContain(email.split('@')[0]);

    await clickInRow(page, email, 'Make admin');
    await page.getByText(`${email} is now an admin.`, { exact: true }).waitFor();
    expect((await (await casey.request('GET', '/api/auth/session')).json()).user.isAdmin).toBe(true);
    await userRow(page, email).locator('[col-id=roles]', { hasText: 'Admin, SAT leader' }).waitFor();
    await screenshot(page, 'admin-users');

    await clickInRow(page, email, 'Revoke admin');
    await page.getByText(`${email} is no longer an admin.`, { exact: true }).waitFor();
    expect((await casey.request('GET', '/api/admin/users')).status).toBe(403);

    // Agents choose their SAT leader once; a later change is the admin's.
    await clickInRow(page, email, 'Change SAT leader...');
    const change = page.getByRole('dialog', { name: 'Change SAT leader' });
    await change.getByRole('option', { name: 'Taylor Brooks' }).waitFor({ state: 'attached' });
    await change.getByLabel('New SAT leader').selectOption({ label: 'Taylor Brooks' });
    await screenshot(page, 'admin-users-change-leader');
    await change.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${email} has a new SAT leader.`, { exact: true }).waitFor();
    expect((await (await casey.request('GET', '/api/profile')).json()).satLeader).toEqual({ email: 'taylor.brooks@portal.test', displayName: 'Taylor Brooks' });

    await clickInRow(page, email, 'Disable');
    await page.getByRole('dialog').getByText('will be signed out everywhere').waitFor();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByText(`${email} has been disabled.`, { exact: true }).waitFor();
    expect((await (await casey.request('GET', '/api/auth/session')).json()).user).toBeNull();
    const refused = await new ApiClient(portalUrl()).signIn(email, PASSWORD);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('ACCOUNT_DISABLED');

    await clickInRow(page, email, 'Enable');
    await page.getByText(`${email} can sign in again.`, { exact: true }).waitFor();
    expect((await new ApiClient(portalUrl()).signIn(email, PASSWORD)).status).toBe(200);

    await clickInRow(page, email, 'Unmark SAT leader');
    await page.getByText(`${email} is no longer a SAT leader.`, { exact: true }).waitFor();
    const after = (await (await casey.request('GET', '/api/sat-leaders')).json()).leaders as { displayName: string }[];
    expect(after.map((l) => l.displayName)).not.toContain(email.split('@')[0]);
    await context.close();
  });

  it('keeps an admin from removing their own admin role or disabling themselves', async () => {
    // Were the rule broken, the admin would lose the role: one of the test's own.
    const own = await freshAdmin();
    const admin = await signedInClient(own.email, own.password);
    const { user } = await (await admin.request('GET', '/api/auth/session')).json();
    const revoke = await admin.request('PUT', `/api/admin/users/${user.id}/admin`, { admin: false });
    expect(revoke.status).toBe(409);
    expect((await revoke.json()).message).toBe('You cannot remove your own admin role.');
    expect((await admin.request('PUT', `/api/admin/users/${user.id}/disabled`, { disabled: true })).status).toBe(409);
    const bad = await admin.request('PUT', `/api/admin/users/${user.id}/sat-leader`, { satLeader: 'yes' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors[0].field).toBe('satLeader');
    expect((await admin.request('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/admin', { admin: true })).status).toBe(404);
  });
});

describe('admin Approved Emails page', () => {
  const approved = `approved.${Date.now()}@elsewhere.test`;
  afterAll(async () => {
    // An approved address closes sign-up to everyone else: never leave one behind.
    await (await signedInClient('admin@portal.test')).request('DELETE', `/api/admin/approved-emails/${encodeURIComponent(approved)}`);
  });

  it('approves an address, which limits sign-up to the list, and removes it again', async () => {
    const { context, page } = await newPage(browser);
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/approved-emails');
    await page.getByText('Sign-up is open to anyone').waitFor();
    await page.getByLabel('Email to approve').fill('not an email');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await page.getByLabel('Email to approve').fill(`  ${approved.toUpperCase()} `);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('cell', { name: approved, exact: true }).waitFor();
    await page.getByText('Sign-up is limited to').waitFor();
    await screenshot(page, 'admin-approved-emails');

    const visitor = new ApiClient(portalUrl());
    const { leaders } = await (await visitor.request('GET', '/api/sat-leaders')).json();
    const signUp = (email: string) =>
      visitor.request('POST', '/api/auth/sign-up', { email, password: PASSWORD, confirmPassword: PASSWORD, satLeaderId: leaders[0].id });
    const refused = await signUp(`stranger.${Date.now()}@elsewhere.test`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('EMAIL_NOT_ALLOWED');
    expect((await signUp(approved)).status).toBe(201);

    await page.getByRole('button', { name: `Remove ${approved}` }).click();
    await page.getByText('Sign-up is open to anyone').waitFor();
    expect((await signUp(`stranger2.${Date.now()}@elsewhere.test`)).status).toBe(201);
    await context.close();
  });
});
