// /bonus-calculator ('Bonus Calculator Testing'): the placeholders' week worked through every line
// of both cards (docs/bonus-rules.md), Weeks in Program enabled only for NEWBIE, the reasons of an
// ineligible week, and a visitor who is not signed in calculating as well (the page is public).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAgent, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
let agent: TestAccount;
beforeAll(async () => {
  browser = await launchBrowser();
  agent = await freshAgent('bonus-calculator');
});
afterAll(async () => browser?.close());

/** The calculator's example placeholders typed in: $21,500.00 submitted, $17,373.00 issued, 66.0%, $500.00 deposited. */
async function typePlaceholders(page: Page): Promise<void> {
  for (const [label, placeholder] of [
    ['Submitted AV ($)', '21500.00'],
    ['Issued AV ($)', '17373.00'],
    ['Taken Rate (%)', '66.0'],
    ['Total InQuery Deposit ($, includes buy-in)', '500.00'],
  ] as const) {
    const input = page.getByLabel(label, { exact: true });
    expect(await input.getAttribute('placeholder')).toBe(placeholder);
    await input.fill(placeholder);
  }
}

/** A card's lines as "label: value", in order. */
const linesOf = (card: Locator) =>
  card.locator('dl > div').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('dt, dd'))
        .map((cell) => (cell as HTMLElement).innerText.trim())
        .join(': '),
    ),
  );

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('the bonus calculator', () => {
  it("shows every line of the Lion's Share and Matching cards for the placeholders' week, from the server's rules", async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/bonus-calculator');
    await page.getByRole('heading', { level: 1, name: 'Bonus Calculator Testing' }).waitFor();
    await typePlaceholders(page);
    expect(await page.getByLabel('Agent Role').inputValue()).toBe('VET');
    expect(await page.getByLabel('Is Engaged').isChecked()).toBe(true);
    expect(await page.getByLabel('Buy-in On Time').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Calculate Bonuses' }).click();

    await card(page, "Lion's Share").waitFor();
    // Base $200 (both kinds of production); bonus 3,887,300 cents / 100 × 0.66 = 25,656.18 → $256.56.
    expect(await linesOf(card(page, "Lion's Share"))).toEqual(['Eligible: Yes', 'Base: $200.00', 'Bonus: $256.56', 'Total: $456.56']);
    // 38,873 cents rounded to the nearest 50 → $388.50; a vet has no cap and a $50 buy-in.
    expect(await linesOf(card(page, 'Matching'))).toEqual([
      'Eligible: Yes',
      'Production Match Limit: $388.50',
      'Role/Status Cap: None',
      'Match Limit: $388.50',
      'Total Deposit: $500.00',
      'Less Buy-in (VET): −$50.00',
      'Net Deposit for Matching: $450.00',
      'Actual Match: $388.50',
    ]);
    expect(await card(page, 'Grand Total').innerText()).toContain('$845.06');
    const rules = await card(page, 'Formula Rules').innerText();
    expect(rules).toContain('Net Deposit for Matching = max(0, Total Deposit − Buy-in for the role).');
    expect(rules).toContain("Grand Total = Lion's Share total + Actual Match.");
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `bonus-calculator-${width}`);
    }
    await context.close();
  });

  it('enables Weeks in Program only for NEWBIE, and a newbie pays no buy-in', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/bonus-calculator');
    await typePlaceholders(page);
    const weeks = page.getByLabel('Weeks in Program (optional, NEWBIE only)');
    expect(await weeks.isDisabled()).toBe(true);
    for (const role of ['FTA', 'FSL', 'SAT']) {
      await page.getByLabel('Agent Role').selectOption(role);
      expect(await weeks.isDisabled(), role).toBe(true);
    }
    await page.getByLabel('Agent Role').selectOption('NEWBIE');
    expect(await weeks.isEnabled()).toBe(true);
    await weeks.fill('10');
    await page.getByRole('button', { name: 'Calculate Bonuses' }).click();
    await page.getByText('Less Buy-in (NEWBIE)').waitFor();
    expect(await linesOf(card(page, 'Matching'))).toEqual([
      'Eligible: Yes',
      'Production Match Limit: $388.50',
      'Role/Status Cap: None',
      'Match Limit: $388.50',
      'Total Deposit: $500.00',
      'Less Buy-in (NEWBIE): $0.00',
      'Net Deposit for Matching: $500.00',
      'Actual Match: $388.50',
    ]);
    expect(await card(page, 'Grand Total').innerText()).toContain('$845.06');
    expect(await checkPage(page)).toEqual([]);
    await context.close();
  });

  it('lists the reasons of a week that pays nothing, and names a field typed wrong', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/bonus-calculator');
    await typePlaceholders(page);
    await page.getByLabel('Agent Role').selectOption('FTA');
    await page.getByLabel('Taken Rate (%)', { exact: true }).fill('54.9');
    await page.getByLabel('Is Engaged').uncheck();
    await page.getByRole('button', { name: 'Calculate Bonuses' }).click();
    await page.getByText('Less Buy-in (FTA)').waitFor();
    expect(await linesOf(card(page, "Lion's Share"))).toEqual([
      'Eligible: No',
      'Reasons: Not engaged\nTaken Rate below 55% (54.9%)',
      'Base: $0.00',
      'Bonus: $0.00',
      'Total: $0.00',
    ]);
    expect((await linesOf(card(page, 'Matching'))).slice(0, 3)).toEqual(['Eligible: No', 'Reasons: Not engaged', 'Production Match Limit: $388.50']);
    expect(await card(page, 'Grand Total').innerText()).toContain('$0.00');

    await page.getByLabel('Issued AV ($)', { exact: true }).fill('17,373.005');
    await page.getByRole('button', { name: 'Calculate Bonuses' }).click();
    await page.getByText('Issued AV must be a dollar amount, e.g. 17373.00').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await context.close();
  });

  it('calculates for a visitor who is not signed in (the page is public)', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/bonus-calculator');
    await typePlaceholders(page);
    await page.getByRole('button', { name: 'Calculate Bonuses' }).click();
    await card(page, "Lion's Share").waitFor();
    expect(await checkPage(page)).toEqual([]);
    await context.close();
  });
});
