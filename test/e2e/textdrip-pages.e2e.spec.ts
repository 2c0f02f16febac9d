import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccessCode, freshAgent, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A signed-in agent (with the access code entered over the API) on a page that records the window messages it gets. */
async function agentPage(width = 1366): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await freshAgent('textdrip');
  const client = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'textdrip pages');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const { context, page } = await newPage(browser, { width });
  await signInThroughForm(page, account.email, account.password);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seen: unknown[] }).seen = seen;
    window.addEventListener('message', (event) => seen.push(event.data));
  });
  return { page, close: () => context.close() };
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);

describe('the Textdrip result pages', () => {
  it('success tells the opener textdrip-connected and closes itself after 2 seconds', async () => {
    const { page, close } = await agentPage();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/textdrip/success', 'textdrip', 'width=600,height=700')),
    ]);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('heading', { name: 'Textdrip Connected!' }).waitFor();
    await popup.getByRole('button', { name: 'Close & Continue' }).waitFor();
    // The page itself is checked without an opener below: this one closes itself while a scan would run.
    await closed;
    expect(await messages(page)).toContainEqual({ type: 'textdrip-connected' });
    await close();
  });

  it('failed lists what helps; Try Again tells the opener textdrip-retry and closes', async () => {
    const { page, close } = await agentPage();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/textdrip/failed', 'textdrip', 'width=600,height=700')),
    ]);
    await popup.getByRole('heading', { name: 'Connection Failed' }).waitFor();
    await popup.getByText('Common solutions:').waitFor();
    expect(await popup.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    expect(await checkPage(popup)).toEqual([]);
    const closed = popup.waitForEvent('close');
    // The click closes the page it is made on, so Playwright's own wait after it cannot finish.
    await popup
      .getByRole('button', { name: 'Try Again' })
      .click({ noWaitAfter: true })
      .catch(() => undefined);
    await closed;
    expect(await messages(page)).toContainEqual({ type: 'textdrip-retry' });
    await close();
  });

  it('without an opener, both pages lead to the Textdrip provider page', async () => {
    const { page, close } = await agentPage(390);
    await page.goto('/textdrip/success');
    await page.getByRole('heading', { name: 'Textdrip Connected!' }).waitFor();
    // The popup's page stands alone, as the card provider's does: no portal top bar or sidebar.
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByTestId('wallet-figures').count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'textdrip-success-390');
    await page.getByRole('button', { name: 'Go to Integrations' }).click();
    await page.waitForURL('**/integrations/textdrip');
    await page.goto('/textdrip/failed');
    await page.getByRole('heading', { name: 'Connection Failed' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'textdrip-failed-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'textdrip-failed-1366');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL('**/integrations/textdrip');
    await close();
  });
});
