// /testing ('Backend Features Testing', admins only): an admin runs sections against the real API
// and sees pass with the answer (or fail with the API's own words); the page's own checks give the
// spec's messages before anything is sent; an agent is refused the page; signed out it says 'Not authenticated'.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAdmin, freshAgent, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
let admin: TestAccount;
let agent: TestAccount;
beforeAll(async () => {
  browser = await launchBrowser();
  [admin, agent] = await Promise.all([freshAdmin(), freshAgent('testing-page')]);
});
afterAll(async () => browser?.close());

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The pass/fail line and answer of a section (or of one form in it). */
const resultOf = (where: Locator) => where.getByRole('status').last();
/** The message under a field, as a screen reader announces it (its accessible description). */
async function fieldError(where: Locator, label: string): Promise<string> {
  const input = where.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute('aria-describedby')).toBeTruthy();
  const id = (await input.getAttribute('aria-describedby'))!;
  return where.page().locator(`[id="${id}"]`).innerText();
}

async function adminOnTestingPage(width = 1366): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width, height: width === 390 ? 844 : 900 });
  await signInThroughForm(page, admin.email, admin.password);
  await page.goto('/testing');
  await page.getByRole('heading', { level: 1, name: 'Backend Features Testing' }).waitFor();
  return { page, close: () => context.close() };
}

describe('the testing page', () => {
  it('runs balance, transfer, business-lead and bonus sections against the real API and shows pass with the answer', async () => {
    const { page, close } = await adminOnTestingPage();

    const balance = section(page, 'Balance Management');
    expect(await balance.innerText()).toContain('test credit');
    await balance.getByLabel('Test Credit Amount ($)').fill('40.00');
    await balance.getByRole('button', { name: 'Add Test Credit' }).click();
    await resultOf(balance).getByText('Pass: Add Test Credit').waitFor();
    expect(await resultOf(balance).innerText()).toContain('"availableCents": 4000');
    await balance.getByRole('button', { name: 'Check Balance' }).click();
    await resultOf(balance).getByText('Pass: Check Balance').waitFor();
    expect(await resultOf(balance).innerText()).toContain('"testCreditCents": 4000');

    const transfer = section(page, 'Money Transfer');
    await transfer.getByRole('button', { name: 'Send Transfer' }).click();
    expect(await fieldError(transfer, 'Recipient E-mail')).toBe('Please enter the recipient’s e-mail address');
    expect(await resultOf(transfer).innerText()).toContain('Fail: Send Transfer');
    await transfer.getByLabel('Amount ($)').fill('1.50');
    await transfer.getByLabel('Recipient E-mail').fill(agent.email);
    await transfer.getByRole('button', { name: 'Send Transfer' }).click();
    await resultOf(transfer).getByText('Pass: Send Transfer').waitFor();
    expect(await resultOf(transfer).innerText()).toContain('"availableCents": 3850');

    const business = section(page, 'Business Leads Purchase');
    await business.getByRole('button', { name: 'Get My Business Leads' }).click();
    await resultOf(business).getByText('Pass: Get My Business Leads').waitFor();
    expect(await resultOf(business).innerText()).toContain('"leads": []');

    const bonus = section(page, 'Bonus Calculator');
    await bonus.getByLabel('Submitted AV ($)').fill('21500.00');
    await bonus.getByLabel('Issued AV ($)').fill('17373.00');
    expect(await bonus.getByLabel('Taken Rate (0-1)').getAttribute('placeholder')).toBe('0.66');
    await bonus.getByLabel('Taken Rate (0-1)').fill('0.66');
    await bonus.getByLabel('Total InQuery Deposit ($, includes buy-in)').fill('500.00');
    await bonus.getByRole('button', { name: 'Calculate Bonuses' }).click();
    await resultOf(bonus).getByText('Pass: Calculate Bonuses').waitFor();
    expect(await resultOf(bonus).innerText()).toContain('"grandTotalCents": 84506');
    expect(await bonus.getByRole('region', { name: 'Grand Total' }).innerText()).toContain('$845.06');

    expect(await section(page, 'Quick Actions').getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Campaigns',
      'My Leads',
      'Integrations',
      'Wallet',
      'Transfers',
      'Banking (Profile)',
      'Bonus Calculator',
    ]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `testing-page-${width}`);
    }
    await close();
  });

  it('runs the agent-match tester’s four sample cases, 500 ms apart, and each meets its expectation', async () => {
    const { page, close } = await adminOnTestingPage();
    const tester = section(page, 'Agent-Match Tester');
    const started = Date.now();
    await tester.getByRole('button', { name: 'Run Agent-Match Tests' }).click();
    await tester.getByText('4 of 4 passed').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    const rows = await tester.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(1)
          .map((td) => td.textContent),
      ),
    );
    expect(rows).toEqual([
      ['38850', '38850', 'Pass'],
      ['150000', '150000', 'Pass'],
      ['0', '0', 'Pass'],
      ['0', '0', 'Pass'],
    ]);
    expect(await checkPage(page)).toEqual([]);
    await close();
  });

  it('gives the spec’s messages before sending anything, and a send the API refuses fails in its words', async () => {
    const { page, close } = await adminOnTestingPage(390);
    const crm = section(page, 'CRM Integrations');
    expect(await crm.innerText()).toContain('No credentials are entered or shown here.');
    for (const provider of ['Ringy', 'VanillaSoft']) {
      const form = crm.getByRole('form', { name: provider });
      await form.getByRole('button', { name: `Send to ${provider}` }).click();
      expect(await fieldError(form, 'Lead IDs')).toBe(`Please enter lead IDs to send to ${provider}`);
      await form.getByLabel('Lead IDs').fill('1001, abc');
      await form.getByRole('button', { name: `Send to ${provider}` }).click();
      await expect.poll(() => fieldError(form, 'Lead IDs')).toBe('Please enter valid numeric lead IDs');
      expect(await resultOf(form).innerText()).toContain(`Fail: Send to ${provider}`);
    }
    // This admin has no Ringy connected: the API refuses, and the page says so in the API's words.
    allowConsoleMessage(page, /status of 409/);
    const ringy = crm.getByRole('form', { name: 'Ringy' });
    await ringy.getByLabel('Lead IDs').fill('1001');
    await ringy.getByRole('button', { name: 'Send to Ringy' }).click();
    await resultOf(ringy)
      .getByRole('paragraph')
      .filter({ hasText: 'Connect your Ringy integration on the Integrations page first: the leads are sent through it.' })
      .waitFor();
    expect(await resultOf(ringy).getByLabel('Answer: Send to Ringy').innerText()).toContain('"code": "INTEGRATION_NOT_CONNECTED"');

    const business = section(page, 'Business Leads Purchase');
    await business.getByLabel('Quantity (1-1,000)').fill('1001');
    await business.getByLabel('Price per Lead ($0.01-$100)').fill('100.01');
    await business.getByRole('button', { name: 'Purchase Business Leads' }).click();
    expect(await fieldError(business, 'Quantity (1-1,000)')).toBe('Quantity must be a whole number from 1 to 1,000');
    expect(await fieldError(business, 'Price per Lead ($0.01-$100)')).toBe('Price per lead must be from $0.01 to $100.00');
    expect(await business.getByLabel('State').getAttribute('maxlength')).toBe('2');

    const aged = section(page, 'Aged-Lead Purchase (InQuery)');
    await aged.getByLabel('Quantity (1-70,000)').fill('70001');
    await aged.getByRole('button', { name: 'Purchase Aged Leads' }).click();
    expect(await fieldError(aged, 'Agent E-mail')).toBe('Please enter the agent’s e-mail address');
    expect(await fieldError(aged, 'Quantity (1-70,000)')).toBe('Quantity must be a whole number from 1 to 70,000');
    expect(await aged.getByLabel('Tier').locator('option').allInnerTexts()).toEqual(['aged', 'jgsheet']);
    expect(await checkPage(page)).toEqual([]);
    await close();
  });

  it('refuses an agent the page, and says “Not authenticated” to a visitor who is not signed in', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/testing');
    await page.locator('[data-variant="destructive"]', { hasText: 'Access Denied' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'Backend Features Testing' }).count()).toBe(0);
    await context.close();

    const visitor = await newPage(browser, { width: 1366 });
    await visitor.page.goto('/testing');
    await visitor.page.getByRole('alert').filter({ hasText: 'Not authenticated' }).waitFor();
    expect(await visitor.page.getByRole('region', { name: 'Balance Management' }).count()).toBe(0);
    expect(await checkPage(visitor.page)).toEqual([]);
    await visitor.context.close();
  });
});
