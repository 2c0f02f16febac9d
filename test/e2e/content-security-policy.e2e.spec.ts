import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAdmin, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';
import { allowConsoleMessage } from './support/page-checks.js';

// The headers themselves, on every page and every kind of answer, are proved over HTTP in
// test/api/security-headers.api.spec.ts. Here: that Chromium enforces them, on a handful of
// representative pages (every page of the browser suite fails its test on a violation too:
// support/page-checks.ts).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A page that records every CSP violation and every "Refused to ..." console message. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const { page } = await newPage(browser, { width: 1440 });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (message.text().includes('Refused to')) violations.push(message.text());
  });
  return { page, violations };
}

describe('the Content-Security-Policy in the browser', () => {
  it('lets the public home page, the not-found page, the auth callback, the API docs and an admin grid with realtime run without a violation, and refuses an inline script', async () => {
    const { page, violations } = await watchedPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.text().includes('HydrateFallback')) warnings.push(message.text());
    });

    await page.goto('/');
    await page.waitForLoadState('networkidle');

    // An unknown path: answered 404, and the app shows its not-found page.
    const notFound = await page.goto('/no-such-page');
    expect(notFound!.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(await page.getByText('Oops! Page not found').count()).toBe(1);
    await page.waitForLoadState('networkidle');

    await page.goto('/auth/callback?error=access_denied');
    await page.waitForLoadState('networkidle');

    await page.goto('/api/docs');
    // Checked with its operations drawn (their method badges and expand buttons), every time.
    await page.locator('.swagger-ui .opblock-summary-method').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'api-docs');

    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    const realtime = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/realtime/stream');
    await openWithAccessCode(page, '/admin/users');
    expect((await realtime).status()).toBe(200);
    await page.locator('.ag-root').first().waitFor();
    await page.locator('.ag-row').first().waitFor();
    expect(violations).toEqual([]);
    expect(warnings).toEqual([]);

    // In force: an inline script is refused and reported. The suite fails a test on any violation; this one is provoked on purpose.
    allowConsoleMessage(page, /Executing inline script violates|script-src(-elem)? blocked inline/);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      return Boolean((window as unknown as { inlineRan?: boolean }).inlineRan);
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
    await page.context().close();
  });
});
