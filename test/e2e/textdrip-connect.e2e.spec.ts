// The Textdrip Connect window in Chromium (spec section 7): Connect opens a 600×700
// window on Textdrip (the local stand-in), Allow comes back to /textdrip/success, which tells the
// provider page with a textdrip-connected message; Deny comes back to /textdrip/failed, whose
// Try Again (textdrip-retry) opens the window again; a window that cannot tell the page (the
// message lost) is found by the page asking every 2 seconds; a blocked window gets a link.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { startTextdripStandIn, type TextdripStandIn } from '../support/textdrip-standin.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

describe('the Textdrip Connect window', () => {
  let own: OwnPortal;
  let textdrip: TextdripStandIn;
  let browser: Browser;

  beforeAll(async () => {
    textdrip = await startTextdripStandIn();
    own = await startOwnPortal({ TEXTDRIP_CONNECT_URL: textdrip.connectUrl, TEXTDRIP_API_BASE: textdrip.apiBase, OUTBOUND_ALLOW: '127.0.0.1' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await own?.close();
    await textdrip?.close();
  });

  /** A signed-in agent on /integrations/textdrip, whose window records the messages it receives; with `clock`, its timers run on a clock the test can move on. */
  async function providerPage(width: number, options: { clock?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const agent = await own.account();
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url });
    if (options.clock) await context.clock.install();
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/integrations/textdrip');
    await page.getByRole('heading', { name: 'Textdrip', level: 1 }).waitFor();
    await page.getByText('Not Connected', { exact: true }).waitFor();
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      window.addEventListener('message', (event) => seen.push({ origin: event.origin, data: event.data }));
    });
    return { context, page };
  }

  const messages = (page: Page) => page.evaluate(() => (window as unknown as { seen: { origin: string; data: unknown }[] }).seen);

  /** Clicks what opens the Connect window and answers the window. */
  async function opensWindow(context: BrowserContext, click: () => Promise<unknown>): Promise<Page> {
    const [popup] = await Promise.all([context.waitForEvent('page'), click()]);
    await popup.getByRole('heading', { name: 'Connect to Textdrip' }).waitFor();
    return popup;
  }

  it('Allow: the success page tells the provider page textdrip-connected and closes; the page shows Connected; Disconnect works', async () => {
    const { context, page } = await providerPage(1366);
    const popup = await opensWindow(context, () => page.getByRole('button', { name: 'Connect Textdrip' }).click());
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight, window.name])).toEqual([600, 700, 'textdrip-connect']);
    await page.getByRole('button', { name: 'Waiting for Textdrip...' }).waitFor();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.getByRole('heading', { name: 'Textdrip Connected!' }).waitFor();
    await closed;
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByText(`Connected to Textdrip as ${textdrip.account.name} · ${textdrip.account.email}`).waitFor();
    expect(await messages(page)).toContainEqual({ origin: own.portal.url, data: { type: 'textdrip-connected' } });
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'textdrip-connected-1366');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Disconnect Textdrip?' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Not Connected', { exact: true }).waitFor();
    await context.close();
  });

  it('Deny: the failed page says why; Try Again tells the page textdrip-retry, which opens the window again, and Allow then connects', async () => {
    const { context, page } = await providerPage(390);
    const popup = await opensWindow(context, () => page.getByRole('button', { name: 'Connect Textdrip' }).click());
    await popup.getByRole('link', { name: 'Deny' }).click();
    await popup.getByRole('heading', { name: 'Connection Failed' }).waitFor();
    await popup.getByText('Access was not allowed in Textdrip. Choose Allow to connect your account.').waitFor();
    expect(await checkPage(popup)).toEqual([]);
    await screenshot(popup, 'textdrip-failed-denied-390');
    // The page asking meanwhile learns the same.
    await page.getByText('Connection Failed: Access was not allowed in Textdrip.', { exact: false }).waitFor();
    await screenshot(page, 'textdrip-denied-provider-390');

    const closed = popup.waitForEvent('close');
    const again = opensWindow(context, () =>
      popup
        .getByRole('button', { name: 'Try Again' })
        .click({ noWaitAfter: true })
        .catch(() => undefined),
    );
    await closed;
    const second = await again;
    expect(await messages(page)).toContainEqual({ origin: own.portal.url, data: { type: 'textdrip-retry' } });
    await second.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    await context.close();
  });

  it('a window that cannot tell the page (its message lost) is found by the page asking every 2 seconds', async () => {
    const { context, page } = await providerPage(390);
    // The portal's pages in the window lose their link to the page that opened them.
    await context.addInitScript(() => {
      if (location.pathname.startsWith('/textdrip/')) window.opener = null;
    });
    const popup = await opensWindow(context, () => page.getByRole('button', { name: 'Connect Textdrip' }).click());
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.getByRole('button', { name: 'Go to Integrations' }).waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByText('Textdrip Connected', { exact: true }).waitFor();
    expect((await messages(page)).filter((m) => (m.data as { type?: string }).type === 'textdrip-connected')).toEqual([]);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'textdrip-connected-by-polling-390');
    await context.close();
  });

  it('a blocked window gets a clear message and a link that opens it; messages from other origins are ignored', async () => {
    const { context, page } = await providerPage(1366);
    await page.evaluate(() => {
      window.open = () => null;
    });
    // Cancel stops the wait.
    await page.getByRole('button', { name: 'Connect Textdrip' }).click();
    await page.getByText('Your browser blocked the Textdrip window.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Connect Textdrip' }).waitFor();
    expect(await page.getByText('Your browser blocked the Textdrip window.').count()).toBe(0);

    await page.getByRole('button', { name: 'Connect Textdrip' }).click();
    await page.getByText('Your browser blocked the Textdrip window.').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'textdrip-popup-blocked-1366');

    const [link] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'open the Textdrip window' }).click()]);
    await link.getByRole('button', { name: 'Allow' }).waitFor();
    // A message of the right type from another site (here Textdrip's page in the window) changes nothing.
    expect(await link.evaluate(() => window.opener !== null)).toBe(true);
    await link.evaluate(() => window.opener.postMessage({ type: 'textdrip-retry' }, '*'));
    await link.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(await page.getByText('Your browser blocked the Textdrip window.').count()).toBe(0);
    await context.close();
  });

  it('stops asking once the agent leaves the page', async () => {
    const { context, page } = await providerPage(1366, { clock: true });
    const claims: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/integrations/textdrip/claim')) claims.push(request.url());
    });
    const popup = await opensWindow(context, () => page.getByRole('button', { name: 'Connect Textdrip' }).click());
    await expect.poll(() => claims.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    const asked = claims.length;
    // Five poll intervals on the page's clock: a timer left running would have asked again, before the request made after them.
    await page.clock.runFor(10_000);
    await page.evaluate(() => fetch('/health/live').then((response) => response.text()));
    expect(claims.length).toBe(asked);
    await popup.close();
    await context.close();
  });

  it('a session that ended asks to log in', async () => {
    const { context, page } = await providerPage(1366);
    await context.clearCookies();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Connect Textdrip' }).click()]);
    await page.getByText('Authentication Required: Please log in to connect Textdrip integration.').waitFor();
    await popup.close();
    await context.close();
  });
});
