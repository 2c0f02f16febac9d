import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
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

/** Console errors and warnings of the page (AG Grid reports a missing module or a bad option there). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  return problems;
}

const rows = (page: Page) => page.getByTestId('audit-grid').locator('.ag-row[row-id]');

async function filterBy(page: Page, fill: (page: Page) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Clear' }).click();
  await fill(page);
  await page.getByRole('button', { name: 'Apply filters' }).click();
}

describe('the admin Audit page', () => {
  it('lists events with the actor’s name and e-mail, filters them, and shows an event’s data, metadata and correlation chain', async () => {
    // An account, then five wrong passwords for it: five security events with the user as actor;
    // the one that crosses the threshold shares its correlation with the alert it raised.
    const email = `audited-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Audited-Agent-2026');
    const attacker = new ApiClient(portalUrl());
    for (let i = 0; i < 5; i++) await attacker.signIn(email, `wrong-${i}-password`);
    const api = await signedInClient('admin@portal.test');
    let alertId: string | undefined;
    await expect
      .poll(async () => {
        const { alerts } = await (await api.request('GET', '/api/admin/security/alerts')).json();
        alertId = alerts.find((a: { user: { email: string } | null }) => a.user?.email === email)?.alertId;
        return (
          alertId !== undefined && (await (await api.request('GET', `/api/admin/audit/events?stream=securityalert-${alertId}`)).json()).events.length === 1
        );
      })
      .toBe(true);

    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    const problems = consoleProblems(page);
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/audit');
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Audit' }).getAttribute('href')).toBe('/admin/audit');
    await rows(page).first().waitFor();

    await filterBy(page, (p) => p.getByLabel('Actor e-mail or id').fill(email));
    await expect.poll(() => rows(page).count()).toBe(6);
    for (const actor of await page.getByTestId('audit-grid').locator('.ag-row[row-id] [col-id="actor"]').allInnerTexts()) expect(actor).toContain(email);
    const texts = (await rows(page).allInnerTexts()).join('\n');
    expect(texts).toContain(`Account registered: email ${email}`);
    expect(texts).toContain('Security event recorded: event type failed_login');
    await screenshot(page, 'admin-audit-1366');

    await filterBy(page, async (p) => {
      await p.getByLabel('Actor e-mail or id').fill(email);
      await p.getByLabel('Event type').selectOption('AccountRegistered');
    });
    await expect.poll(() => rows(page).count()).toBe(1);

    // A time range that ends before the account existed holds none of its events.
    await filterBy(page, async (p) => {
      await p.getByLabel('Actor e-mail or id').fill(email);
      await p.getByLabel('From', { exact: true }).fill('2020-01-01T00:00:00');
      await p.getByLabel('To', { exact: true }).fill('2020-01-02T00:00:00');
    });
    await expect.poll(() => rows(page).count()).toBe(0);

    // A start after the end is refused under its field.
    await filterBy(page, async (p) => {
      await p.getByLabel('From', { exact: true }).fill('2020-01-02T00:00:00');
      await p.getByLabel('To', { exact: true }).fill('2020-01-01T00:00:00');
    });
    await page.getByText('The start must be before the end').waitFor();
    const reversed = await api.request('GET', '/api/admin/audit/events?from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z');
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toMatchObject({ fieldErrors: [{ field: 'to', message: 'The start must be before the end' }] });
    const badCursor = await api.request('GET', '/api/admin/audit/events?cursor=not-a-page');
    expect(await badCursor.json()).toMatchObject({ status: 400, code: 'BAD_CURSOR' });

    // The alert's stream: its one event, opened; its chain holds the failed sign-in that raised it.
    await filterBy(page, (p) => p.getByLabel('Stream', { exact: true }).fill(`securityalert-${alertId}`));
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByRole('button').click();
    const detail = page.getByTestId('audit-event-detail');
    await detail.getByRole('heading', { name: 'Security alert raised' }).waitFor();
    expect(JSON.parse(await detail.getByTestId('audit-event-data').innerText())).toMatchObject({ alertId, alertType: 'failed_login', eventCount: 5 });
    const metadata = JSON.parse(await detail.getByTestId('audit-event-metadata').innerText());
    expect(metadata).toMatchObject({
      actor: { type: 'system' },
      correlationId: expect.any(String),
      causationId: expect.any(String),
      position: { commit: expect.any(String) },
    });
    const chain = detail.getByTestId('audit-correlation-chain');
    const cause = chain.getByRole('button', { name: /Security event recorded: event type failed_login/ });
    expect(await cause.innerText()).toContain(email);
    await screenshot(page, 'admin-audit-detail-1366');
    await cause.click();
    await detail.getByRole('heading', { name: 'Security event recorded' }).waitFor();
    const causeMetadata = JSON.parse(await detail.getByTestId('audit-event-metadata').innerText());
    expect(causeMetadata).toMatchObject({ eventId: metadata.causationId, correlationId: metadata.correlationId, actor: { type: 'user' } });
    expect(JSON.parse(await detail.getByTestId('audit-event-data').innerText())).toMatchObject({ eventType: 'failed_login', details: { email } });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone (390 px): the page does not overflow and an event opens', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    // An admin of the test's own: entering an access code changes the account.
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/audit');
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    await rows(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-audit-390');
    await rows(page).first().getByRole('button').first().click();
    await page.getByTestId('audit-correlation-chain').waitFor();
    await screenshot(page, 'admin-audit-detail-390');
    await context.close();
  });
});
