import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('admin Mail Outbox page', () => {
  it('shows the confirmation mail of a new sign-up with its link, to pass on', async () => {
    const email = `outbox-${randomUUID().slice(0, 8)}@agents.test`;
    const visitor = new ApiClient(portalUrl());
    const { leaders } = await (await visitor.request('GET', '/api/sat-leaders')).json();
    const signUp = await visitor.request('POST', '/api/auth/sign-up', {
      email,
      password: 'Outbox-Agent-2026',
      confirmPassword: 'Outbox-Agent-2026',
      satLeaderId: leaders[0].id,
    });
    expect(signUp.status).toBe(201);

    const { context, page } = await newPage(browser);
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/outbox');
    await page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    await page.getByPlaceholder('Filter by recipient e-mail').fill(email);
    const mails = page.getByRole('list', { name: 'E-mails' }).getByRole('listitem');
    // The mail job may still be running: filter again until the list holds exactly its mail.
    await expect
      .poll(async () => {
        await Promise.all([page.waitForResponse((r) => r.url().includes('/api/admin/outbox')), page.getByRole('button', { name: 'Filter' }).click()]);
        return [await mails.count(), await page.getByText(`To ${email}`).count()];
      })
      .toEqual([1, 1]);
    const link = page.getByRole('link', { name: /\/auth\/confirm\?token=/ });
    expect(await link.count()).toBe(1);
    // The link leads back to this portal, where the person confirms.
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${portalUrl()}/auth/confirm\\?token=`));
    await screenshot(page, 'admin-outbox');
    await context.close();
  });
});
