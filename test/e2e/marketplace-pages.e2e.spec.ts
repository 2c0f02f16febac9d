// The marketplace's own pages in the browser, on a portal of the test's own (no other test's
// campaign competes for its leads): a campaign's page with "why no leads?" and its settings,
// My Leads with a new lead announced and a return credited, and the dashboard's charts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { fundedCampaign } from '../support/portal/funded-campaign.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { zipOf } from '../support/us-zips.js';
import { WAIT_CEILING_MS } from '../support/waiting.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

describe('the marketplace pages', () => {
  let own: OwnPortal;
  let browser: Browser;
  let admin: ApiClient;
  let agent: Awaited<ReturnType<OwnPortal['account']>>;
  let campaignId: string;
  let postLead: (state: string, phone: string, firstName: string) => Promise<void>;

  beforeAll(async () => {
    own = await startOwnPortal();
    browser = await launchBrowser();
    admin = (await own.account({ role: 'admin' })).client;
    agent = await own.account();
    const campaign = await fundedCampaign(own.portal.url, admin, agent, {
      vendor: 'Pages Vendor',
      creditCents: 10_000,
      campaign: { name: 'Sunshine State', tier: 'exclusive', budgetCents: 6_000, targeting: { states: ['FL'] } },
    });
    campaignId = campaign.campaignId;
    postLead = async (state, phone, firstName) => {
      const answer = await campaign.postLeads({
        firstName,
        lastName: 'Lovelace',
        phone,
        email: null,
        state,
        zip: zipOf(state),
        age: 64,
        tier: 'exclusive',
        consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
      });
      expect(answer.status).toBe(201);
    };
    await postLead('FL', '+13055550101', 'Ada');
    await postLead('TX', '+15125550101', 'Tex');
    await vi.waitFor(
      async () => {
        const { offers } = (await (await agent.client.request('GET', `/api/campaigns/${campaignId}/activity`)).json()) as { offers: unknown[] };
        if (offers.length !== 2) throw new Error(`${offers.length} of 2 leads offered so far`);
      },
      { interval: 250, timeout: WAIT_CEILING_MS },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
  });

  const signedIn = async (width = 1366): Promise<{ page: Page; close: () => Promise<void> }> => {
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url });
    await signInThroughForm(page, agent.email, agent.password);
    return { page, close: () => context.close() };
  };

  it('shows a campaign’s page: figures, "why no leads?" with each reason, spend, its leads, and edits its targeting', async () => {
    const { page, close } = await signedIn();
    await page.goto('/campaigns');
    await page.getByRole('link', { name: 'Sunshine State' }).click();
    await page.getByRole('heading', { name: 'Sunshine State', level: 1 }).waitFor();
    const why = page.getByRole('list', { name: 'Latest leads offered' });
    await why.getByText('Bought for $25.00').waitFor();
    await why.getByText('The lead was outside your states').waitFor();
    await page.getByRole('region', { name: 'Its leads' }).getByText('Ada Lovelace').waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'campaign-detail-1366');

    await page.getByRole('button', { name: 'Edit settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Campaign settings' });
    await dialog.getByLabel('TX', { exact: true }).check();
    await dialog.getByLabel('Daily cap (leads, blank for none)').fill('12');
    await dialog.getByLabel('Weekly cap (leads, blank for none)').fill('5');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The daily cap cannot be above the weekly cap.').first().waitFor();
    await dialog.getByLabel('Weekly cap (leads, blank for none)').fill('40');
    await dialog.getByLabel('Only buy on some days and hours').check();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('FL, TX').waitFor();
    await page.getByText('12 leads').waitFor();
    await page.getByText('Mon, Tue, Wed, Thu, Fri, 9 AM to 5 PM').waitFor();
    // The campaign buys at any hour again: the next tests post leads whatever the time of day the suite runs.
    await page.getByRole('button', { name: 'Edit settings' }).click();
    await dialog.getByLabel('Only buy on some days and hours').uncheck();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Mon, Tue, Wed, Thu, Fri, 9 AM to 5 PM').waitFor({ state: 'detached' });
    await close();
  });

  it('lists My Leads, announces a new lead as it arrives, and takes a return that an admin approves', async () => {
    const { page, close } = await signedIn();
    await page.goto('/my-leads');
    await page.getByRole('heading', { name: 'My Leads', level: 1 }).waitFor();
    await page.getByTestId('lead').filter({ hasText: 'Ada Lovelace' }).waitFor();
    // Phones read as US numbers; the link still dials the stored E.164.
    const adaPhone = page.getByTestId('lead').filter({ hasText: 'Ada Lovelace' }).getByRole('link', { name: '(305) 555-0101' });
    expect(await adaPhone.getAttribute('href')).toBe('tel:+13055550101');
    expect(await page.getByText('+13055550101').count()).toBe(0);
    await postLead('FL', '+13055550102', 'Grace');
    await page.getByText('New lead').first().waitFor();
    await page.getByTestId('lead').filter({ hasText: 'Grace Lovelace' }).waitFor();
    expect(await page.getByTestId('lead').count()).toBe(2);

    await page.getByTestId('lead').filter({ hasText: 'Ada Lovelace' }).getByRole('button', { name: 'Return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return this lead' });
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await page.getByText('Choose why you are returning this lead.').first().waitFor();
    await dialog.getByLabel('Reason').selectOption({ label: 'Bad phone numbers' });
    await dialog.getByLabel('Comment (optional)').fill('The number is disconnected.');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await page.getByTestId('lead').filter({ hasText: 'Ada Lovelace' }).getByText('Return pending').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'my-leads-1366');

    const { returns } = (await (await admin.request('GET', '/api/admin/lead-returns?status=pending')).json()) as { returns: { returnId: string }[] };
    expect(returns).toHaveLength(1);
    expect((await admin.request('POST', `/api/admin/lead-returns/${returns[0]!.returnId}/approve`)).status).toBe(200);
    await page.getByTestId('lead').filter({ hasText: 'Ada Lovelace' }).getByText('Returned, $25.00 credited').waitFor();

    // A lead given to a member of the agent's group, from the row.
    const member = await own.account();
    const { groupId } = (await (await agent.client.request('POST', '/api/groups', { name: 'Helpers' })).json()) as { groupId: string };
    expect((await agent.client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] })).status).toBe(200);
    expect((await member.client.request('POST', `/api/groups/invitations/${groupId}/accept`)).status).toBe(200);
    await page.reload();
    await page.getByLabel('Assign Grace Lovelace to').waitFor();
    // The returned lead offers no assigning (the server refuses it too).
    expect(await page.getByLabel('Assign Ada Lovelace to').count()).toBe(0);
    await page.getByLabel('Assign Grace Lovelace to').selectOption({ label: 'Own Portal User' });
    await page.getByText('Lead Assigned').first().waitFor();
    const given = (await (await member.client.request('GET', '/api/leads/assigned-to-me')).json()) as { leads: { firstName: string }[] };
    expect(given.leads.map((l) => l.firstName)).toEqual(['Grace']);
    await expect.poll(() => page.getByLabel('Assign Grace Lovelace to').inputValue()).toBe(member.userId);

    await page.getByLabel('State').fill('tx');
    await page.getByText('No leads match.').waitFor();
    await close();

    const phone = await signedIn(390);
    await phone.page.goto('/my-leads');
    await phone.page.getByTestId('lead').first().waitFor();
    expect(await checkPage(phone.page)).toEqual([]);
    await screenshot(phone.page, 'my-leads-390');
    await phone.close();
  });

  it('shows a new agent’s dashboard charts as empty, not as an axis of cents', async () => {
    const newcomer = await own.account();
    const { context, page } = await newPage(browser, { width: 1366, baseURL: own.portal.url });
    await signInThroughForm(page, newcomer.email, newcomer.password);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Leads per day (last 30 days)' }).getByText('No leads in the last 30 days.').waitFor();
    await page.getByRole('region', { name: 'Spend per day (last 30 days)' }).getByText('No spend in the last 30 days.').waitFor();
    expect(await page.getByText('$0.01').count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'dashboard-empty-1366');
    await context.close();
  });

  it('shows the dashboard’s figures and charts, opens Buy Leads from the keyboard, and drills from a day to its leads', async () => {
    const { page, close } = await signedIn();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Total Leads').waitFor();
    await expect.poll(() => page.locator('.recharts-surface').count()).toBe(3);
    await page.getByText('1 of 2 leads returned and credited; 1 return asked for.').waitFor();
    // The spend axis counts whole dollars.
    const spendAxis = (await page.getByRole('region', { name: 'Spend per day (last 30 days)' }).locator('svg text').allTextContents()).filter((tick) =>
      tick.startsWith('$'),
    );
    expect(spendAxis.length).toBeGreaterThan(1);
    expect(spendAxis.every((tick) => /^\$\d[\d,]*$/.test(tick))).toBe(true);
    const costAxis = (await page.getByRole('region', { name: 'Cost per lead by campaign' }).locator('svg text').allTextContents()).filter((tick) =>
      tick.startsWith('$'),
    );
    expect(costAxis.length).toBeGreaterThan(1);
    expect(costAxis.every((tick) => /^\$\d[\d,]*$/.test(tick))).toBe(true);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'dashboard-1366');

    // An agent without a work account is offered Buy Leads where a work account has Lead Management.
    expect(await page.getByRole('link', { name: /^Lead Management/ }).count()).toBe(0);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Buy Leads Start a campaign/ })
      .focus();
    await page.keyboard.press(' ');
    await page.getByRole('dialog', { name: 'Buy Leads' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/campaigns');
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Leads per day (last 30 days)' }).locator('.recharts-bar-rectangle').last().click();
    await page.waitForURL(/\/my-leads\?day=\d{4}-\d{2}-\d{2}$/);
    await page.getByTestId('lead').first().waitFor();
    await page.goBack();
    await page.getByRole('region', { name: 'Cost per lead by campaign' }).locator('.recharts-bar-rectangle').first().click();
    await page.waitForURL(`**/campaigns/${campaignId}`);
    await page.getByRole('heading', { name: 'Sunshine State', level: 1 }).waitFor();
    await close();

    const phone = await signedIn(390);
    await phone.page.goto('/dashboard');
    await expect.poll(() => phone.page.locator('.recharts-surface').count()).toBe(3);
    expect(await checkPage(phone.page)).toEqual([]);
    await screenshot(phone.page, 'dashboard-390');
    await phone.close();
  });
});
