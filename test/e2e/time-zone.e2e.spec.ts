// One time zone: on a portal whose organisation is in Chicago (ORG_TIME_ZONE), a browser in Tokyo
// sees every time on the wallet and a campaign's page in Chicago's zone, named, and the pages
// say which zone their days and hours are in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { timeInWords } from '../../src/platform/time/org-time.js';
import { fundedCampaign } from '../support/portal/funded-campaign.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { zipOf } from '../support/us-zips.js';
import { WAIT_CEILING_MS } from '../support/waiting.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const ORG = 'America/Chicago';
const BROWSER_ZONE = 'Asia/Tokyo';
/** Chromium may write a narrow no-break space before AM/PM: compare text with its spaces made plain. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('one time zone, the organisation’s', () => {
  let own: OwnPortal;
  let browser: Browser;
  let agent: Awaited<ReturnType<OwnPortal['account']>>;
  let campaignId: string;
  let creditedAt: string;

  beforeAll(async () => {
    own = await startOwnPortal({ ORG_TIME_ZONE: ORG });
    browser = await launchBrowser();
    agent = await own.account();
    // An Illinois campaign of the agent's, funded by an admin's test credit, and a vendor posting a lead it buys.
    const illinois = { name: 'Prairie', tier: 'exclusive', budgetCents: 6_000, targeting: { states: ['IL'] } };
    const campaign = await fundedCampaign(own.portal.url, (await own.account({ role: 'admin' })).client, agent, {
      vendor: 'Zone Vendor',
      creditCents: 10_000,
      campaign: illinois,
    });
    ({ campaignId } = campaign);
    const lead = await campaign.postLeads({
      firstName: 'Jane',
      lastName: 'Addams',
      phone: '+13125550101',
      email: null,
      state: 'IL',
      zip: zipOf('IL'),
      age: 61,
      tier: 'exclusive',
      consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
    });
    expect(lead.status).toBe(201);
    await vi.waitFor(
      async () => {
        const { leads } = (await (await agent.client.request('GET', '/api/leads')).json()) as { leads: unknown[] };
        if (leads.length !== 1) throw new Error('the lead is not bought yet');
      },
      { interval: 250, timeout: WAIT_CEILING_MS },
    );
    // Buying hours from now on (the lead above was bought at any hour).
    const settings = await agent.client.request('PUT', `/api/campaigns/${campaignId}/settings`, {
      name: 'Prairie',
      targeting: { states: ['IL'], schedule: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 } },
    });
    expect(await settings.json()).toMatchObject({ targeting: { timeZone: ORG } });
    const { entries } = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string; occurredAt: string }[] };
    creditedAt = entries.find((e) => e.type === 'TestCreditAdded')!.occurredAt;
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  const signedIn = async (width: number): Promise<{ page: Page; close: () => Promise<void> }> => {
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url, timezoneId: BROWSER_ZONE });
    await signInThroughForm(page, agent.email, agent.password);
    return { page, close: () => context.close() };
  };

  for (const width of [1366, 390]) {
    it(`shows the wallet’s times in the organisation’s zone, named, to a browser elsewhere (${width} px)`, async () => {
      const { page, close } = await signedIn(width);
      await page.goto('/wallet');
      const credit = page.getByTestId('ledger-row').filter({ hasText: 'Test credit' }).first();
      await credit.waitFor();
      // 'Nov 26, 2026, 9:30 PM CST': Chicago's clock and abbreviation, not Tokyo's.
      const expected = timeInWords(new Date(creditedAt), ORG);
      expect(expected).toMatch(/ C[SD]T$/);
      expect(plain(await credit.innerText())).toContain(expected);
      await page.getByTestId('statement-zone').getByText('Days and times are in Central Time (America/Chicago).').waitFor();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `time-zone-wallet-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await close();
    });

    it(`shows a campaign’s lead times, buying hours and settings in the organisation’s zone, named (${width} px)`, async () => {
      const { page, close } = await signedIn(width);
      await page.goto(`/campaigns/${campaignId}`);
      await page.getByRole('heading', { name: 'Prairie', level: 1 }).waitFor();
      await page.getByText('Mon, Tue, Wed, Thu, Fri, 9 AM to 5 PM').waitFor();
      await page.getByText('Central Time (America/Chicago)').first().waitFor();
      const bought = page.getByRole('region', { name: 'Its leads' });
      await bought.getByText('Jane Addams').waitFor();
      expect(plain(await bought.innerText())).toMatch(/\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2} [AP]M C[SD]T/);
      const offered = page.getByRole('list', { name: 'Latest leads offered' });
      await offered.getByText('Bought for').first().waitFor();
      expect(plain(await offered.innerText())).toMatch(/ C[SD]T/);
      expect(plain(await page.locator('main').innerText())).not.toMatch(/GMT\+9|JST|\(UTC\)/);
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `time-zone-campaign-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.getByRole('button', { name: 'Edit settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Campaign settings' });
      await dialog.getByText('Hours and days (for the caps too) are in Central Time (America/Chicago).').waitFor();
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `time-zone-campaign-settings-${width}`);
      await close();
    });
  }
});
