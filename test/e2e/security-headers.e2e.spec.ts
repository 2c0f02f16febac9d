import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAdmin, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';
import { allowConsoleMessage } from './support/page-checks.js';

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const json = headers.get('content-type')?.startsWith('application/json');
  // Pages and their files may load scripts from the portal only; API answers may load nothing.
  expect({ what, csp }).toMatchObject({ csp: expect.stringContaining(json ? "default-src 'none';" : "script-src 'self';") });
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect({ what, frame: headers.get('x-frame-options'), sniff: headers.get('x-content-type-options'), referrer: headers.get('referrer-policy') }).toEqual({
    what,
    frame: 'DENY',
    sniff: 'nosniff',
    referrer: 'same-origin',
  });
  // The test portal's PUBLIC_URL is http: no HSTS (a unit test covers https).
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on every kind of response: pages, assets, API answers, errors, the 404 page, robots.txt', async () => {
    const home = await fetch(`${portalUrl()}/`);
    const script = (await home.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const cases: [string, RequestInit?][] = [
      ['/'],
      ['/admin/users'],
      ['/no-such-page'],
      [script],
      ['/robots.txt'],
      ['/api/auth/session'],
      ['/api/no-such-endpoint'],
      ['/api/admin/users'],
      ['/health/live'],
      ['/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }],
      ['/api/%E0%A4%A'],
    ];
    for (const [path, init] of cases) expectSecurityHeaders((await fetch(`${portalUrl()}${path}`, init)).headers, path);
  });
});

describe('the Content-Security-Policy in the browser', () => {
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

  it('is in force: an inline script is refused and reported', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The suite fails a test on any violation; this one is provoked on purpose.
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

  it('lets the public pages, the auth callback, the API docs, the not-found page and the admin grids with realtime run without a violation', async () => {
    const { page, violations } = await watchedPage();
    for (const path of ['/', '/about', '/contacts', '/onboarding', '/privacy-policy', '/auth', '/auth/callback?error=access_denied', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/api/docs');
    // Checked with its operations drawn (their method badges and expand buttons), every time.
    await page.locator('.swagger-ui .opblock-summary-method').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'api-docs');

    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/users');
    await page.locator('.ag-root').first().waitFor();
    await page.locator('.ag-row').first().waitFor();
    const realtime = page.waitForResponse((response) => response.url().endsWith('/api/realtime/stream'));
    await page.goto('/admin/security');
    expect((await realtime).status()).toBe(200);
    await page.locator('.ag-root').first().waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
