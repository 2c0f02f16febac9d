import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dayPartIds } from '../../src/modules/training/contracts/training-items.js';
import { trainingSchedules } from '../../src/modules/training/services/training-schedules.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { createAccessCode, freshAdmin, freshAgent, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

const day1 = trainingSchedules().get('east-tampa')!.schedule.weeks[0]!.days[0]!;

let browser: Browser;
let agent: TestAccount;
let leader: TestAccount;
let admin: TestAccount & { client: ApiClient };

/** Signs the account in over the API and unlocks it with a code (access is the account's, so its browsers have it too). */
async function unlock(account: TestAccount, code: string): Promise<{ client: ApiClient; userId: string }> {
  const client = await signedInClient(account.email, account.password);
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const userId = ((await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } }).user.id;
  return { client, userId };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { code } = await createAccessCode(1, 'training browser test');
  [agent, leader] = await Promise.all([freshAgent('trainee'), freshAgent('sat-lead')]);
  const adminAccount = await freshAdmin();
  const [agentSide, leaderSide, adminSide] = await Promise.all([unlock(agent, code), unlock(leader, code), unlock(adminAccount, code)]);
  admin = { ...adminAccount, client: adminSide.client };
  expect((await admin.client.request('PUT', `/api/admin/users/${leaderSide.userId}/sat-leader`, { satLeader: true })).status).toBe(200);
  expect((await admin.client.request('PUT', `/api/admin/users/${agentSide.userId}/leader`, { satLeaderId: leaderSide.userId })).status).toBe(200);
});
afterAll(async () => browser?.close());

describe('training schedules and resources in the browser', () => {
  it('an agent ticks day 1 on a phone, their laptop shows it and follows it live, and their SAT leader sees it', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    await signInThroughForm(phone.page, agent.email, agent.password);
    await phone.page.goto('/weeks-et');
    await phone.page.getByText('0 of 24 days complete').waitFor();
    // Day 1 is open: the first day not complete.
    for (const part of dayPartIds(day1)) await phone.page.locator(`#${part}`).check();
    await phone.page.getByText('1 of 24 days complete').waitFor();
    expect(await phone.page.locator(`#${day1.id}-complete`).isChecked()).toBe(true);
    await phone.page.getByRole('button', { name: 'Jump to a day' }).click();
    await phone.page
      .getByRole('navigation', { name: 'Days' })
      .getByRole('button', { name: /Week 4 day 6/ })
      .click();
    await phone.page.getByRole('heading', { name: 'Grow Your Book (Ongoing)' }).waitFor();
    await screenshot(phone.page, 'training-weeks-et-phone');

    const laptop = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(laptop.page, agent.email, agent.password);
    await laptop.page.goto('/weeks-et');
    await laptop.page.getByText('1 of 24 days complete').waitFor();
    expect(await laptop.page.locator(`#${day1.id}-complete`).isChecked()).toBe(true);
    // Team Training is the leaders' page: an agent's sidebar does not offer it, their leader's does.
    const teamTraining = (page: typeof laptop.page) => page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team Training' });
    expect(await teamTraining(laptop.page).count()).toBe(0);

    const lead = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(lead.page, leader.email, leader.password);
    await teamTraining(lead.page).click();
    await lead.page.waitForURL((url) => url.pathname === '/training-team');
    const row = lead.page.getByTestId('team-member').filter({ hasText: agent.email });
    await row.getByText('1 of 24').waitFor();
    expect(await row.getByText('Week 1, day 2').first().isVisible()).toBe(true);
    expect(await lead.page.getByTestId('team-member').count()).toBe(1);
    // The leader opens the agent's ticks: day 1 complete, read-only.
    await row.getByRole('button', { name: /^Show ticks of/ }).click();
    const ticks = lead.page.getByTestId('member-ticks');
    await ticks.getByText('Week 1, day 1:', { exact: false }).first().waitFor();
    expect(await ticks.locator('li').filter({ hasText: 'Week 1, day 1:' }).first().getByText('Complete').isVisible()).toBe(true);
    expect(await ticks.getByRole('checkbox').count()).toBe(0);

    // Unticking a part on the phone unticks the day there, and on the laptop and the leader's view without a reload.
    await phone.page.locator(`#${dayPartIds(day1)[0]}`).uncheck();
    await laptop.page.getByText('0 of 24 days complete').waitFor();
    expect(await laptop.page.locator(`#${day1.id}-complete`).isChecked()).toBe(false);
    await row.getByText('0 of 24').waitFor();
    await screenshot(laptop.page, 'training-weeks-et-laptop');
    await screenshot(lead.page, 'training-team');

    // On a phone the leader finds Team Training in the menu, and each agent is a card.
    const leadPhone = await newPage(browser, { width: 390, height: 844 });
    await signInThroughForm(leadPhone.page, leader.email, leader.password);
    await leadPhone.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await leadPhone.page.getByTestId('sidebar-mobile').getByRole('link', { name: 'Team Training' }).click();
    const card = leadPhone.page.getByTestId('team-member-card').filter({ hasText: agent.email });
    await card.getByText('0 of 24').waitFor();
    await card.getByRole('button', { name: /^Show ticks of/ }).click();
    await leadPhone.page.getByTestId('member-ticks').getByText('Week 1, day 1:', { exact: false }).first().waitFor();
    expect(await leadPhone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(leadPhone.page, 'training-team-390');
    await Promise.all([phone.context.close(), laptop.context.close(), lead.context.close(), leadPhone.context.close()]);
  });

  it('the resources page: tabs, outside links in a new tab, Need Help? opens the dialog; an admin’s edit reaches the agent', async () => {
    const created = await admin.client.request('POST', '/api/admin/resources', {
      tab: 'Additional Resources',
      title: 'Carrier Directory',
      description: 'Phone numbers of every carrier',
      emoji: '📒',
      url: 'https://carriers.example.com',
    });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    // Signed out, the page sends the visitor to sign in, and back here after.
    await page.goto('/resources');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/resources');
    const explore = page.getByRole('link', { name: 'Explore Quote Tool (opens in a new tab)' });
    expect(await explore.getAttribute('target')).toBe('_blank');
    expect(await explore.getAttribute('rel')).toContain('noopener');
    await page.getByRole('tab', { name: 'Support & Guides' }).click();
    await page.getByRole('button', { name: 'Explore Need Help?' }).click();
    await page.getByRole('dialog', { name: 'Submit Help Request' }).waitFor();
    await page.keyboard.press('Escape');
    expect(page.url()).toMatch(/\/resources$/);

    const adminPage = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(adminPage.page, admin.email, admin.password);
    await adminPage.page.goto('/admin/resources');
    await adminPage.page.getByRole('button', { name: 'Edit Carrier Directory' }).click();
    const dialog = adminPage.page.getByRole('dialog', { name: 'Edit card' });
    await dialog.getByLabel('Address').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The address must start with http://, https:// or / (a page of the portal)').waitFor();
    await dialog.getByLabel('Title').fill('Carrier Phone Book');
    await dialog.getByLabel('Address').fill('https://carriers.example.com/phones');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(adminPage.page, 'admin-resources');

    // The agent's open page reloads the cards when an admin changes them.
    await page.getByRole('tab', { name: 'Additional Resources' }).click();
    const card = page.getByTestId('resource-card').filter({ hasText: 'Carrier Phone Book' });
    await card.waitFor();
    expect(await card.getByRole('link').getAttribute('href')).toBe('https://carriers.example.com/phones');
    await screenshot(page, 'resources');
    await Promise.all([context.close(), adminPage.context.close()]);
  });
});
