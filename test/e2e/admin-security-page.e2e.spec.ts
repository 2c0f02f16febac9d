import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { freshAdmin, openWithAccessCode, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the admin Security page', () => {
  it('shows an active alert and the latest events with names and e-mails and readable details, and resolves the alert with a note', async () => {
    const email = `watched-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Watched-Agent-2026');
    for (let i = 0; i < 5; i++) await new ApiClient(portalUrl()).signIn(email, `bad-${i}-password`);

    const api = await signedInClient('admin@portal.test');
    await expect.poll(async () => (await (await api.request('GET', '/api/admin/security/alerts')).json()).alerts.length).toBeGreaterThan(0);

    const { context, page } = await newPage(browser, { width: 1366, height: 1000 });
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/security');

    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/admin/security');
    const alerts = page.getByTestId('alerts-grid');
    await alerts.locator('.ag-row').first().waitFor();
    expect(await page.getByTestId('events-grid').locator('.ag-row').count()).toBeGreaterThan(0);
    // The watched account's alert names it by e-mail, not by its id; so do its events, with readable details.
    const watched = alerts.locator('.ag-row[row-id]', { hasText: email });
    await watched.waitFor();
    expect(await watched.innerText()).toContain('Failed login');
    await page.getByLabel('User e-mail').fill(email);
    const events = page.getByTestId('events-grid');
    await expect
      .poll(async () => (await events.locator('.ag-row[row-id]').allInnerTexts()).filter((t) => t.includes(email) && t.includes(`Email: ${email}`)).length)
      .toBe(5);
    const eventTexts = (await events.locator('.ag-row[row-id]').allInnerTexts()).join('\n');
    expect(eventTexts).not.toContain('{"');
    expect(eventTexts).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    await screenshot(page, 'admin-security-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-security-390');
    await page.setViewportSize({ width: 1366, height: 1000 });

    // New alerts may arrive meanwhile (other tests' events are still evaluated): follow this one by its id.
    const alertId = await watched.getAttribute('row-id');
    await alerts.locator(`.ag-row[row-id="${alertId}"]`).getByRole('button', { name: 'Resolve' }).click();
    expect(await page.getByRole('dialog').innerText()).toMatch(new RegExp(`Failed login: 5 events from .*${email.replace('.', '\\.')}`));
    await page.getByLabel('Note').fill('Checked with the agent.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-variant="default"]', { hasText: 'Alert updated' }).waitFor();
    await expect.poll(() => alerts.locator(`.ag-row[row-id="${alertId}"]`).count(), { timeout: 5_000 }).toBe(0);
    const { alerts: resolved } = await (await api.request('GET', '/api/admin/security/alerts?status=resolved')).json();
    expect(resolved.find((a: { alertId: string }) => a.alertId === alertId)).toMatchObject({ status: 'resolved', note: 'Checked with the agent.' });
    await context.close();
  });
});
