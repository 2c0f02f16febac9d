import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { freshAdmin, openWithAccessCode, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('admin Access Codes page', () => {
  it('creates a code shown once, which an agent can use as often as allowed, and disables it', async () => {
    const label = `Cohort ${randomUUID().slice(0, 6)}`;
    const { context, page } = await newPage(browser, { width: 1400 });
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/access-codes');
    await page.getByRole('heading', { name: 'Access Codes' }).waitFor();

    await page.getByRole('button', { name: 'New code' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Label').fill(label);
    await form.getByLabel('Hours of access').fill('2');
    await form.getByLabel('Code expires (optional)').fill('2020-01-01T10:00');
    await form.getByRole('button', { name: 'Create code' }).click();
    await form.getByText('The expiry must be in the future.').waitFor();

    await form.getByLabel('Code expires (optional)').fill('');
    await form.getByLabel('Maximum uses (optional)').fill('1');
    await form.getByRole('button', { name: 'Create code' }).click();
    const code = (await page.getByTestId('new-access-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await screenshot(page, 'admin-access-code-created');
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('access-codes-grid').locator('.ag-row', { hasText: label });
    await row.waitFor();
    expect(await row.innerText()).toContain('Active');
    // Dates and their headings show whole (not cut to "11/25/26, 3:…") at the usual laptop width.
    await page.setViewportSize({ width: 1366, height: 900 });
    const cut = (el: HTMLElement | SVGElement) => el.scrollWidth > el.clientWidth;
    for (const column of ['createdAt', 'expiresAt']) {
      await expect.poll(() => row.locator(`.ag-cell[col-id=${column}]`).evaluate(cut), { message: `${column} cell` }).toBe(false);
      expect(
        await page.getByTestId('access-codes-grid').locator(`.ag-header-cell[col-id=${column}] .ag-header-cell-text`).evaluate(cut),
        `${column} heading`,
      ).toBe(false);
    }
    await page.setViewportSize({ width: 1400, height: 900 });

    const first = `first-${randomUUID().slice(0, 8)}@agents.test`;
    const second = `second-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(first, 'Cohort-Agent-2026');
    await createConfirmedAccount(second, 'Cohort-Agent-2026');
    const used = await (await signedInClient(first, 'Cohort-Agent-2026')).request('POST', '/api/access/verify', { code });
    expect(used.status).toBe(200);
    const usedUp = await (await signedInClient(second, 'Cohort-Agent-2026')).request('POST', '/api/access/verify', { code });
    expect(usedUp.status).toBe(400);

    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Access Codes' }).waitFor();
        return page.getByTestId('access-codes-grid').locator('.ag-row', { hasText: label }).innerText();
      })
      .toMatch(/1 \/ 1[\s\S]*Used up/);
    await screenshot(page, 'admin-access-codes');

    await page.getByTestId('access-codes-grid').locator('.ag-row', { hasText: label }).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Disable code' }).click();
    await page.getByText(`“${label}” no longer unlocks anything.`, { exact: true }).waitFor();
    expect(await page.getByTestId('access-codes-grid').locator('.ag-row', { hasText: label }).innerText()).toContain('Disabled');
    await context.close();
  });
});
