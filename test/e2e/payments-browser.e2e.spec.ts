import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAgent, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedInAgent(size = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, size);
  const account = await freshAgent('pay-ui');
  await signInThroughForm(page, account.email, account.password);
  return { context, page };
}

/** The agent's available balance as the top bar shows it (the wallet's read model), read with the page's own session. */
async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/wallet');
  if (response.status() !== 200) throw new Error(`reading the wallet failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { availableCents: number }).availableCents;
}

/** Opens Add Balance from the top bar on a sidebar page. */
async function openAddBalance(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.waitFor();
  return dialog;
}

/** Submits the dialog with a new card and answers the tab the demo provider's page opened in. */
async function checkoutInNewTab(context: BrowserContext, page: Page, dollars: string): Promise<Page> {
  const dialog = await openAddBalance(page);
  await dialog.getByLabel('Amount (USD)').fill(dollars);
  await dialog.getByLabel('Payment method').selectOption('new');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  const tab = await opened;
  await tab.waitForURL(/\/demo-pay\/cs_demo_/);
  await page.getByText('Redirecting to Payment').first().waitFor();
  await tab.getByText('Demo card provider — no real money').first().waitFor();
  return tab;
}

async function typeCard(tab: Page, number: string) {
  await tab.getByLabel('Card number').fill(number);
  await tab.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await tab.getByLabel('CVC').fill('123');
}

describe('adding balance with the demo card provider', () => {
  it('Add Credit, pay with 4242 in the new tab, and the wallet is credited without touching the first tab', async () => {
    const { context, page } = await signedInAgent();
    const dialog = await openAddBalance(page);
    // The spec's limits and quick amounts.
    const amount = dialog.getByLabel('Amount (USD)');
    expect(await amount.getAttribute('min')).toBe('5');
    expect(await amount.getAttribute('max')).toBe('5000');
    expect(await amount.getAttribute('step')).toBe('0.01');
    for (const quick of ['$25', '$50', '$100', '$250']) await dialog.getByRole('button', { name: quick, exact: true }).waitFor();
    // No saved card yet: a new card is chosen.
    await dialog.getByRole('button', { name: '$50', exact: true }).click();
    expect(await amount.inputValue()).toBe('50');
    await expect.poll(() => dialog.getByLabel('Payment method').inputValue()).toBe('new');
    await amount.fill('4.99');
    await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Invalid Amount').first().waitFor();
    await page.getByText('Amount must be between $5 and $5,000').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'payments-add-balance-1366');
    await page.keyboard.press('Escape');

    const tab = await checkoutInNewTab(context, page, '25');
    await tab.getByRole('heading', { name: 'Add $25.00 to your wallet' }).waitFor();
    expect(await checkPage(tab)).toEqual([]);
    await screenshot(tab, 'payments-demo-checkout-1366');
    await typeCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Pay $25.00' }).click();
    await tab.waitForURL((url) => url.pathname === '/profile');
    // The return page says how it went (the spec's toast), then clears the query.
    await tab.getByText('Payment Successful').first().waitFor();
    await tab.waitForURL((url) => url.pathname === '/profile' && url.search === '');
    const firstTabUrl = page.url();
    // The first tab's top bar shows the credit over its event stream, without a reload.
    await page.getByTestId('wallet-balance').getByText('$25.00').waitFor();
    await page.getByTestId('wallet-deposited').getByText('$25.00').waitFor();
    expect(page.url()).toBe(firstTabUrl);
    await expect.poll(() => balance(page)).toBe(2_500);
    await context.close();
  });

  it('a declined card says so on the provider’s page and adds nothing; the authentication card asks first', async () => {
    const { context, page } = await signedInAgent();
    const tab = await checkoutInNewTab(context, page, '10');
    await typeCard(tab, '4000 0000 0000 0002');
    await tab.getByRole('button', { name: 'Pay $10.00' }).click();
    await tab.getByRole('alert').getByText('Your card was declined.').waitFor();
    // The same page takes another card: the authentication one, then Fail, then Authenticate on another try.
    await typeCard(tab, '4000 0025 0000 3155');
    await tab.getByRole('button', { name: 'Pay $10.00' }).click();
    await tab.getByTestId('authentication-step').waitFor();
    expect(await checkPage(tab)).toEqual([]);
    await screenshot(tab, 'payments-demo-authentication-1366');
    await tab.getByRole('button', { name: 'Fail' }).click();
    await tab
      .getByRole('alert')
      .getByText(/unable to authenticate/)
      .waitFor();
    expect(await balance(page)).toBe(0);
    await typeCard(tab, '4000 0025 0000 3155');
    await tab.getByRole('button', { name: 'Pay $10.00' }).click();
    await tab.getByRole('button', { name: 'Authenticate' }).click();
    await tab.waitForURL((url) => url.searchParams.get('payment') === 'success');
    await expect.poll(() => balance(page)).toBe(1_000);
    await context.close();
  });
});

describe('/payment-methods', () => {
  it('saves a card in a new tab, shows it, sets a default, deletes, and tops up from a saved card', async () => {
    const { context, page } = await signedInAgent();
    await openWithAccessCode(page, '/payment-methods');
    await page.getByText('No saved payment methods').first().waitFor();

    const saveCard = async (button: string, number: string) => {
      const opened = context.waitForEvent('page');
      await page.getByRole('button', { name: button }).click();
      const tab = await opened;
      await tab.waitForURL(/\/demo-pay\/cs_demo_/);
      await page.getByText('A new tab has opened for secure card setup.').first().waitFor();
      await tab.getByRole('heading', { name: 'Save a card for later payments' }).waitFor();
      await typeCard(tab, number);
      await tab.getByRole('button', { name: 'Save card' }).click();
      await tab.waitForURL((url) => url.pathname === '/payment-methods');
      await tab.getByText('Card Added').first().waitFor();
      await tab.getByText('Your payment method has been saved successfully.').first().waitFor();
      // The query is cleared once the toast is shown.
      await tab.waitForURL((url) => url.pathname === '/payment-methods' && url.search === '');
      return tab;
    };
    const tab = await saveCard('Add Your First Card', '4242 4242 4242 4242');
    const cards = tab.getByTestId('payment-method');
    await cards.first().getByText('Visa •••• 4242').waitFor();
    await cards.first().getByText('Expires 12/2034').waitFor();
    await cards.first().getByText('Default').waitFor();
    await tab.close();

    // The first tab was never reloaded: the saved card reaches it in realtime.
    await page.getByTestId('payment-method').first().getByText('Visa •••• 4242').waitFor();
    await page.getByRole('button', { name: 'Add Card' }).waitFor();
    const second = await saveCard('Add Card', '5555 5555 5555 4444');
    await second.close();
    await page.reload();
    const rows = page.getByTestId('payment-method');
    await rows.nth(1).waitFor();
    expect(await rows.allInnerTexts()).toEqual([expect.stringMatching(/Visa •••• 4242\s*Default/), expect.stringMatching(/Mastercard •••• 4444/)]);

    // The default card's menu has no 'Set as Default'.
    await page.getByRole('button', { name: 'Actions for Visa ending 4242' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Delete']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for Mastercard ending 4444' }).click();
    expect(await checkPage(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Set as Default' }).click();
    await page.getByText('Default Payment Method Updated').first().waitFor();
    await page.getByText('Your default payment method has been updated.').first().waitFor();
    await rows.first().getByText('Mastercard •••• 4444').waitFor();
    await rows.first().getByText('Default').waitFor();
    await screenshot(page, 'payments-methods-1366');

    // Top up from the saved default card: no new tab, the balance is updated.
    await page.getByRole('button', { name: 'Add Credit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    await dialog.getByRole('button', { name: '$100', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Payment method').inputValue()).toMatch(/^pm_demo_/);
    await dialog.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByText('Payment Successful').first().waitFor();
    await page.getByText('Your balance has been updated.').first().waitFor();
    await expect.poll(() => balance(page)).toBe(10_000);

    await page.getByRole('button', { name: 'Actions for Visa ending 4242' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('Payment Method Deleted').first().waitFor();
    await page.getByText('Your payment method has been removed.').first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // Leaving the provider's page without saving comes back with the destructive toast.
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Add Card' }).click();
    const cancelled = await opened;
    await cancelled.getByRole('button', { name: 'Cancel and return to the portal' }).click();
    await cancelled.waitForURL((url) => url.pathname === '/payment-methods');
    await cancelled.getByText('Setup Cancelled').first().waitFor();
    await cancelled.getByText('Card setup was cancelled.').first().waitFor();
    await cancelled.waitForURL((url) => url.search === '');
    await context.close();
  });

  it('sends a signed-out visitor to /', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/payment-methods');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('looks right on a phone: the dialog, the provider’s page and the list', async () => {
    const { context, page } = await signedInAgent(PHONE);
    await openWithAccessCode(page, '/payment-methods');
    await page.getByText('No saved payment methods').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'payments-methods-empty-390');
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Add Your First Card' }).click();
    const tab = await opened;
    await tab.setViewportSize(PHONE);
    await tab.getByRole('heading', { name: 'Save a card for later payments' }).waitFor();
    expect(await checkPage(tab)).toEqual([]);
    await screenshot(tab, 'payments-demo-setup-390');
    await typeCard(tab, '4242 4242 4242 4242');
    await tab.getByRole('button', { name: 'Save card' }).click();
    await tab.getByTestId('payment-method').first().waitFor();
    await screenshot(tab, 'payments-methods-390');
    await tab.getByRole('button', { name: 'Add Credit' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Add Balance' });
    await dialog.getByRole('button', { name: '$25', exact: true }).click();
    expect(await checkPage(tab)).toEqual([]);
    await screenshot(tab, 'payments-add-balance-390');
    await context.close();
  });
});

// A checkout page id that does not exist says so.
describe('the demo checkout page', () => {
  it('answers an unknown session plainly', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    allowConsoleMessage(page, /404/);
    await page.goto(`/demo-pay/cs_demo_${randomUUID().replace(/-/g, '')}`);
    await page.getByText('This payment page does not exist.').first().waitFor();
    await context.close();
  });
});
