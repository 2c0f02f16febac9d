import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

import { portalUrl } from '../../support/portal/portal.js';
import { WAIT_CEILING_MS } from '../../support/waiting.js';
import { checkAllContexts, checkContext, watchContext } from './page-checks.js';

export { allowConsoleMessage, checkContext, checkPage } from './page-checks.js';
export { portalUrl };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const octet = () => Math.floor(Math.random() * 254) + 1;

export async function newPage(
  browser: Browser,
  /** timezoneId: the browser's own time zone (the machine's unless given); the pages show the organisation's whatever it is. */
  options: { width?: number; height?: number; baseURL?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = options.baseURL ?? portalUrl();
  const context = await browser.newContext({
    baseURL,
    // Each browser context is its own machine, as each ApiClient is: the test portal trusts
    // loopback as a load balancer, so per-address limits (sign-in, code checks) count each
    // context apart instead of every browser test sharing 127.0.0.1's allowance.
    extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    // The portal honours reduced motion, so a colour is never caught halfway through a
    // transition by a scan that runs while the test clicks.
    reducedMotion: 'reduce',
  });
  // No outside site is reachable here: answer external links with an empty page.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>external</title><main>external</main></html>' }),
  );
  // A click or a wait may take long on a machine loaded by the other projects: only a failing test waits this out.
  context.setDefaultTimeout(WAIT_CEILING_MS);
  await watchContext(context, baseURL);
  const close = context.close.bind(context);
  context.close = async (closeOptions) => {
    found.push(...(await checkContext(context)));
    await close(closeOptions);
  };
  return { context, page: await context.newPage() };
}

const found: string[] = [];

// Every test that opened pages fails on what the page checks found (see page-checks.ts),
// whether or not it closed its pages itself.
afterEach(async () => {
  const problems = [...found.splice(0), ...(await checkAllContexts())];
  if (problems.length > 0) throw new Error(`The pages of this test had ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
});

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
