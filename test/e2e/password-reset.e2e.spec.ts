import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount, mailedLink, tokenOf } from '../support/portal/mailbox.js';
import { freshAgent } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('forgotten password', () => {
  it('mails a link that sets a new password, ends the old sessions, and works once', async () => {
    const email = `reset-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Old-Password-77');
    const elsewhere = new ApiClient(portalUrl());
    expect((await elsewhere.signIn(email, 'Old-Password-77')).status).toBe(200);

    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.locator('[data-variant="default"]', { hasText: 'Check your email' }).filter({ hasText: "We've sent you a password reset link." }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    const link = await mailedLink(email, 'recovery');
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('New-Password-88');
    await page.getByLabel('Confirm New Password').fill('New-Password-88');
    await screenshot(page, 'password-recovery');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.locator('[data-variant="default"]', { hasText: 'Password updated successfully' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');

    expect((await (await elsewhere.request('GET', '/api/auth/session')).json()).user).toBeNull();
    expect((await new ApiClient(portalUrl()).signIn(email, 'Old-Password-77')).status).toBe(400);
    expect((await new ApiClient(portalUrl()).signIn(email, 'New-Password-88')).status).toBe(200);

    const reused = await new ApiClient(portalUrl()).request('POST', '/api/auth/reset-password', { token: tokenOf(link), password: 'Third-Password-99' });
    expect(reused.status).toBe(400);
    expect((await reused.json()).code).toBe('RESET_LINK_INVALID');
    await context.close();
  });

  it('answers alike for an address without an account', async () => {
    const { email } = await freshAgent('known');
    const client = new ApiClient(portalUrl());
    const known = await client.request('POST', '/api/auth/forgot-password', { email });
    const unknown = await client.request('POST', '/api/auth/forgot-password', { email: 'nobody-at-all@agents.test' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it('refuses a common password on the reset form too', async () => {
    const response = await new ApiClient(portalUrl()).request('POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: '123456' });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual([
      { field: 'password', message: 'This password is one of the most common ones. Please choose a harder one to guess.' },
    ]);
  });
});
