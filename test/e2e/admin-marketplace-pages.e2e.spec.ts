// The admin marketplace pages as an admin walks them, on a portal of the test's own (so no
// other test's campaign buys the leads the returns are made from).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
let own: OwnPortal;
let admin: { client: ApiClient; email: string; password: string };
beforeAll(async () => {
  browser = await launchBrowser();
  own = await startOwnPortal();
  admin = await own.account({ role: 'admin' });
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/** The admin, signed in through the form, on `path` once its heading shows. */
async function adminOn(path: string, heading: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width: 1366, baseURL: own.portal.url });
  await signInThroughForm(page, admin.email, admin.password);
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return { page, close: () => context.close() };
}

/** The page passes the checks and is photographed as it is at 1366 px and at 390 px wide. */
async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const lead = (state: string, phone: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  phone,
  email: null,
  state,
  zip: '85001',
  dateOfBirth: '1958-12-09',
  tier: 'basic',
  consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
  ...extra,
});

describe('admin marketplace pages', () => {
  it('/admin/lead-vendors: creates a vendor whose key is shown once, imports aged leads from CSV, and revokes it', async () => {
    const { page, close } = await adminOn('/admin/lead-vendors', 'Lead Vendors');
    const name = `Vendor ${randomUUID().slice(0, 6)}`;
    await page.getByRole('button', { name: 'New vendor' }).click();
    const form = page.getByRole('dialog', { name: 'New lead vendor' });
    await form.getByRole('button', { name: 'Create vendor' }).click();
    await form.getByText('Give the vendor a name').waitFor();
    await form.getByLabel('Vendor name').fill(name);
    await form.getByLabel('Sends aged leads').check();
    await form.getByRole('button', { name: 'Create vendor' }).click();
    const shown = page.getByRole('dialog', { name: 'Vendor created' });
    await shown.getByText('It will not be shown again').waitFor();
    const key = (await shown.getByTestId('new-vendor-key').innerText()).trim();
    expect(key).toMatch(/^lv_[A-Za-z0-9_-]{32}$/);
    await shown.getByRole('button', { name: 'Copy key' }).waitFor();
    await atBothWidths(page, 'admin-lead-vendor-key');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('lead-vendors-grid').locator('.ag-row', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Active[\s\S]*Sends[\s\S]*Never/);
    expect(await page.content()).not.toContain(key);

    // Aged leads from a CSV file, under this vendor: a good row, a bad one and a duplicate.
    const consentAt = new Date(Date.now() - 3_600_000).toISOString();
    const csv = [
      'firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId',
      `Ada,King,+16025550101,,AZ,85001,,70,business,I agree to be contacted.,${consentAt},ext-${name}`,
      `Bad,Row,123,,ZZ,85001,,70,business,I agree to be contacted.,${consentAt},`,
      `Ada,Again,(602) 555-0101,,AZ,85001,,70,business,I agree to be contacted.,${consentAt},`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Choose the vendor the leads came from.').waitFor();
    await page.getByLabel('Vendor', { exact: true }).selectOption({ label: name });
    await page.getByLabel('CSV file').setInputFiles({ name: 'aged.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    const report = page.getByTestId('import-report');
    await report.getByText('3 rows: 1 imported, 1 duplicates, 1 rejected.').waitFor();
    const reportText = await report.innerText();
    expect(reportText).toMatch(/3\s+Rejected\s+phone\s+Phone must be a valid US phone number/);
    expect(reportText).toMatch(/3\s+Rejected\s+state\s+State must be a two-letter US state code/);
    expect(reportText).toMatch(/4\s+Duplicate\s+phone \/ email\s+Same phone or e-mail as a lead received within 30 days/);
    // (Cells by column: with wrapping columns the grid's DOM order is not the columns' order.)
    await expect.poll(async () => row.locator('[col-id="leads"]').innerText()).toBe('2');
    // The same file again: the row imported before under its externalId is named as such, not as a phone or e-mail duplicate.
    await page.getByLabel('CSV file').setInputFiles({ name: 'aged-again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    await report.getByText('3 rows: 0 imported, 2 duplicates, 1 rejected.').waitFor();
    const againText = await report.innerText();
    expect(againText).toMatch(/2\s+Duplicate\s+externalId\s+Already imported from this vendor with this externalId/);
    expect(againText).toMatch(/4\s+Duplicate\s+phone \/ email\s+Same phone or e-mail/);
    await atBothWidths(page, 'admin-lead-vendors');

    // A larger file goes in the background with its progress shown; the page shows the first 200 rows not imported and offers the whole report.
    const big = [
      'firstName,lastName,phone,state,zip,age,tier,consentText,consentAt',
      ...Array.from(
        { length: 1_500 },
        (_, i) => `Ada,King,+1602555${String(1_000 + i).padStart(4, '0')},AZ,${i % 5 ? '85001' : '1'},70,basic,I agree to be contacted.,${consentAt}`,
      ),
    ].join('\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'aged-big.csv', mimeType: 'text/csv', buffer: Buffer.from(big) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByText('Importing aged-big.csv:').waitFor();
    await atBothWidths(page, 'admin-aged-import-progress');
    await report.getByText('1,500 rows: 1,200 imported, 0 duplicates, 300 rejected.').waitFor();
    await report.getByText('The first 200 of 300 rows are shown.').waitFor();
    const download = report.getByRole('link', { name: 'Download the report (CSV)' });
    const reportCsv = await admin.client.request('GET', (await download.getAttribute('href'))!);
    expect((await reportCsv.text()).split('\r\n').filter((line) => line.includes(',Rejected,zip,'))).toHaveLength(300);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this vendor?' });
    await confirm.getByRole('button', { name: 'Revoke vendor' }).click();
    await expect.poll(async () => row.innerText()).toContain('Revoked');
    expect(await row.getByRole('button').count()).toBe(0);
    const refused = await fetch(`${own.portal.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(lead('AZ', '+16025550102')),
    });
    expect(refused.status).toBe(401);
    await close();
  });

  it('/admin/lead-prices: changes a price in dollars, sent in cents, and refuses a bad one with a message', async () => {
    const { page, close } = await adminOn('/admin/lead-prices', 'Lead Prices');
    const premium = page.getByLabel('Data Leads Premium price per lead (USD)');
    expect(await premium.inputValue()).toBe('10.00');
    // Business leads are priced here too: agents buy them at this price.
    expect(await page.getByLabel('Business Leads Basic price per lead (USD)').inputValue()).toBe('5.00');
    await premium.fill('1.234');
    await page.getByRole('button', { name: 'Save Data Leads Premium price' }).click();
    await page.getByText('Enter dollars and at most two digits of cents, e.g. 12.50').waitFor();
    await premium.fill('1000.01');
    await page.getByRole('button', { name: 'Save Data Leads Premium price' }).click();
    await page.getByText('Price must be at most $1,000.00').waitFor();
    await premium.fill('12.5');
    await page.getByRole('button', { name: 'Save Data Leads Premium price' }).click();
    await page.getByText('Data Leads Premium: $12.50 per lead from now on.').first().waitFor();
    expect(await premium.inputValue()).toBe('12.50');
    const { prices } = (await (await admin.client.request('GET', '/api/admin/lead-prices')).json()) as {
      prices: { source: string; tier: string; priceCents: number }[];
    };
    expect(prices.find((p) => p.source === 'data_leads' && p.tier === 'premium')?.priceCents).toBe(1_250);
    await atBothWidths(page, 'admin-lead-prices');
    await close();
  });

  it('/admin/lead-returns: approves one return and denies another with a reason, then filters by status', async () => {
    // An agent whose campaign bought two leads, and asked to return both.
    const { apiKey } = (await (await admin.client.request('POST', '/api/admin/lead-vendors', { name: 'Returns Vendor' })).json()) as { apiKey: string };
    const agent = await own.account();
    expect(
      (await admin.client.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 3_000 }, { 'idempotency-key': randomUUID() }))
        .status,
    ).toBe(200);
    const created = await agent.client.request(
      'POST',
      '/api/campaigns',
      { name: 'Returns', source: 'data_leads', tier: 'basic', budgetCents: 3_000, targeting: { states: ['AZ'] } },
      { 'idempotency-key': randomUUID() },
    );
    expect(created.status).toBe(201);
    for (const phone of ['+16025550177', '+16025550188']) {
      await fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify(lead('AZ', phone)),
      });
    }
    let leads: { leadId: string; phone: string }[] = [];
    await expect
      .poll(
        async () => (leads = ((await (await agent.client.request('GET', '/api/leads')).json()) as { leads: { leadId: string; phone: string }[] }).leads).length,
      )
      .toBe(2);
    for (const [index, found] of leads.entries()) {
      const asked = await agent.client.request(
        'POST',
        `/api/leads/${found.leadId}/returns`,
        { reason: index === 0 ? 'bad_phone' : 'testing', comment: index === 0 ? 'Disconnected number' : '' },
        { 'idempotency-key': randomUUID() },
      );
      expect(asked.status).toBe(201);
    }
    await expect
      .poll(async () => ((await (await admin.client.request('GET', '/api/admin/lead-returns')).json()) as { returns: unknown[] }).returns.length)
      .toBe(2);

    const { page, close } = await adminOn('/admin/lead-returns', 'Lead Returns');
    const grid = page.getByTestId('lead-returns-grid');
    const badPhone = grid.locator('.ag-row', { hasText: 'Bad phone numbers' });
    const testing = grid.locator('.ag-row', { hasText: 'Testing' });
    await badPhone.waitFor();
    expect(await badPhone.innerText()).toMatch(/Grace Hopper, AZ[\s\S]*agent-[\s\S]*Disconnected number[\s\S]*\$5\.00[\s\S]*Pending/);
    await atBothWidths(page, 'admin-lead-returns');
    // On a phone each return is a card, its actions in view, nothing to scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByTestId('lead-returns-cards').getByRole('listitem').filter({ hasText: 'Bad phone numbers' });
    expect(await card.innerText()).toMatch(/Grace Hopper, AZ[\s\S]*\$5\.00[\s\S]*Disconnected number/);
    expect(await card.getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Money moves only once the admin confirms.
    await badPhone.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve this return?' });
    await confirm.getByText('gets $5.00 back for', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Approve return' }).click();
    // Each look at a row gives up quickly, so a grid that reloads its rows (realtime) is looked at again.
    await expect.poll(async () => badPhone.innerText({ timeout: 2_000 })).toContain('Approved');
    expect(await badPhone.getByRole('button').count()).toBe(0);

    await testing.getByRole('button', { name: 'Deny' }).click();
    const deny = page.getByRole('dialog', { name: 'Deny this return?' });
    await deny.getByRole('button', { name: 'Deny return' }).click();
    await deny.getByText('Say why the return is denied; the agent sees it.').waitFor();
    await atBothWidths(page, 'admin-lead-returns-deny');
    await deny.getByLabel('Reason').fill('Testing is not a reason for live leads');
    await deny.getByRole('button', { name: 'Deny return' }).click();
    await expect.poll(async () => testing.innerText({ timeout: 2_000 })).toContain('Denied');

    await page.getByLabel('Status').selectOption('approved');
    await expect.poll(async () => grid.locator('.ag-row', { hasText: 'Testing' }).count()).toBe(0);
    await expect.poll(async () => grid.locator('.ag-row', { hasText: 'Bad phone numbers' }).innerText({ timeout: 2_000 })).toContain('Approved');
    // Neither is pending any more (other tests' returns may be: the portal is shared).
    await page.getByLabel('Status').selectOption('pending');
    await expect.poll(async () => grid.locator('.ag-row', { hasText: /Testing|Bad phone numbers/ }).count()).toBe(0);
    await expect.poll(() => grid.getByText('No pending returns').or(grid.locator('.ag-row').first()).count()).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        ((await (await agent.client.request('GET', '/api/leads/returns')).json()) as { returns: { status: string; denyReason: string | null }[] }).returns
          .map((r) => [r.status, r.denyReason])
          .sort(),
      )
      .toEqual([
        ['approved', null],
        ['denied', 'Testing is not a reason for live leads'],
      ]);
    await close();
  });
});
