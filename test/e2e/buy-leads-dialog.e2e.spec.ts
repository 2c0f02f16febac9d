// The Buy Leads dialog says what a lead costs before the agent commits a budget, and offers
// aged-lead packages only where there are leads to sell, on a portal of its own (its aged
// inventory is known: none, then three Florida leads the test imports).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { importAgedCsv } from '../support/portal/aged-import.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

describe('the Buy Leads dialog', () => {
  let own: OwnPortal;
  let browser: Browser;
  let admin: ApiClient;
  let agent: Awaited<ReturnType<OwnPortal['account']>>;

  beforeAll(async () => {
    own = await startOwnPortal();
    browser = await launchBrowser();
    admin = (await own.account({ role: 'admin' })).client;
    agent = await own.account();
    expect(
      (await admin.request('POST', `/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 20_000 }, { 'idempotency-key': randomUUID() })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  const openDialog = async (width: number): Promise<{ page: Page; close: () => Promise<void> }> => {
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/campaigns');
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Buy Leads' }).click();
    return { page, close: () => context.close() };
  };

  it('shows the price per lead, who else gets each lead, and how many leads the budget buys', async () => {
    expect((await admin.request('PUT', '/api/admin/lead-prices/data_leads/premium', { priceCents: 1_250 })).status).toBe(200);
    const { page, close } = await openDialog(1366);
    const dialog = page.getByRole('dialog', { name: 'Buy Leads' });
    await dialog.getByLabel('Source').selectOption('data_leads');
    await dialog.getByLabel('Tier').selectOption('premium');
    await dialog.getByTestId('lead-price').getByText('$12.50 per lead · shared: each lead goes to up to 3 agents').waitFor();
    await dialog.getByLabel('Budget (USD, whole dollars)').fill('100');
    await dialog.getByTestId('lead-price').getByText('a $100.00 budget buys 8 leads', { exact: false }).waitFor();
    await dialog.getByLabel('Tier').selectOption('exclusive');
    await dialog.getByTestId('lead-price').getByText('$25.00 per lead · exclusive: each lead is yours alone', { exact: false }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'buy-leads-price-1366');
    await close();
  });

  it('offers aged packages only where leads are for sale, filtered by the states chosen', async () => {
    const { page, close } = await openDialog(390);
    const dialog = page.getByRole('dialog', { name: 'Buy Leads' });
    await dialog.getByLabel('Source').selectOption('aged_leads');
    await dialog.getByLabel('Tier').selectOption('business');
    await dialog.getByText('No aged leads of this tier are for sale right now.').waitFor();
    expect(await dialog.getByLabel('Package').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Buy Package' }).isDisabled()).toBe(true);

    const { vendorId } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Aged Vendor' })).json()) as { vendorId: string };
    const consentAt = new Date(Date.now() - 86_400_000).toISOString();
    const csv = [
      'firstName,lastName,phone,email,state,zip,age,tier,consentText,consentAt',
      ...['+13055550111', '+13055550112', '+13055550113'].map((phone) => `Ada,King,${phone},,FL,33101,67,business,I agree to be contacted.,${consentAt}`),
    ].join('\n');
    expect((await importAgedCsv(admin, vendorId, csv)).imported).toBe(3);

    await dialog.getByLabel('States (optional)').fill('fl');
    await dialog.getByLabel('Package').waitFor();
    await dialog.getByText('3 aged leads of this tier are available.').waitFor();
    await dialog.getByRole('button', { name: 'Buy Package' }).click();
    await page.getByText('Please select a package for Aged Leads').first().waitFor();
    await dialog.getByLabel('States (optional)').fill('TX');
    await dialog.getByText('No aged leads of this tier in these states are for sale right now.').waitFor();
    await dialog.getByLabel('States (optional)').fill('Texas');
    await dialog.getByText('States are two-letter codes, like FL or TX.').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'buy-leads-aged-390');
    await close();
  });
});
