// The Lead Management page (/leads) as a work-account user sees it: the lead partners' sites
// (from the server's configuration) opening in a new tab, and the Lead Investment Program's
// static figures, in the shared header and footer, at desktop and phone widths.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const DATA_LEADS_URL = 'https://data-partner.test/leads';
const AGED_LEADS_URL = 'https://aged-partner.test/orders';

let browser: Browser;
let own: OwnPortal;

beforeAll(async () => {
  // The accounts of this portal are in the staff domain: work accounts, as a Microsoft sign-in gives.
  own = await startOwnPortal({ STAFF_EMAIL_DOMAIN: 'own-portal.test', DATA_LEADS_URL, AGED_LEADS_URL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

describe('/leads (Lead Management)', () => {
  it('serves the configured lead sites to the page', async () => {
    expect(await (await fetch(`${own.portal.url}/api/lead-sites`)).json()).toEqual({ dataLeadsUrl: DATA_LEADS_URL, agedLeadsUrl: AGED_LEADS_URL });
  });

  for (const width of [1366, 390]) {
    it(`shows the Data Leads and Aged Leads cards opening their sites in a new tab, and the program's figures (${width} px)`, async () => {
      const account = await own.account();
      const { context, page } = await newPage(browser, { width, height: 900, baseURL: own.portal.url });
      await signInThroughForm(page, account.email, account.password);
      await page.goto('/leads');
      await page.getByRole('heading', { name: 'Lead Management', level: 1 }).waitFor();
      expect(await page.getByText('Microsoft Sign-In Required').count()).toBe(0);
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);

      for (const [title, url] of [
        ['Data Leads', DATA_LEADS_URL],
        ['Aged Leads', AGED_LEADS_URL],
      ] as const) {
        const card = page.locator('article', { has: page.getByRole('heading', { name: title, level: 3 }) });
        const link = card.getByRole('link', { name: `Open ${title} (opens in a new tab)` });
        await link.waitFor();
        expect([await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual([
          url,
          '_blank',
          'noopener noreferrer',
        ]);
        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        expect(tab.url()).toBe(url);
        // noopener: the partner's site cannot reach back into the portal's tab.
        expect(await tab.evaluate(() => window.opener)).toBeNull();
        await tab.close();
      }
      expect(page.url()).toBe(`${own.portal.url}/leads`);

      const program = page.getByRole('region', { name: 'Lead Investment Program' });
      expect(await program.getByRole('row').allInnerTexts()).toEqual(['Tier\tAmount', 'Newbie\t$0', 'Vet\t$50', 'FTA\t$200', 'FSL\t$400', 'SAT\t$600']);
      const formula = page.getByRole('region', { name: 'Bonus Formula' });
      for (const text of [
        'Submitted AV only',
        '$100',
        'Issued AV only',
        '$75',
        'Both submitted and issued AV',
        '$200',
        'Bonus = (Submitted AV + Issued AV) × 100 × Taken Rate',
        "Lion's Share = Base + Bonus",
      ]) {
        await formula.getByText(text, { exact: true }).waitFor();
      }
      expect(await page.getByRole('link', { name: 'My Leads' }).getAttribute('href')).toBe('/my-leads');

      expect(await checkPage(page)).toEqual([]);
      // From the top: the sticky header would otherwise sit where the clicks left the page scrolled.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `leads-page-${width}`);
      await page.getByRole('link', { name: 'My Leads' }).click();
      await page.getByRole('heading', { name: 'My Leads', level: 1 }).waitFor();
      await context.close();
    });
  }
});
