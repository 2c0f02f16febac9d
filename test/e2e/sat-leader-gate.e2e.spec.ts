import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

// Choosing a leader changes the account for good, and only a seeded demo agent has none
// (sign-up asks for one): these tests run on a portal of their own, with its own demo team.
const DEMO_PASSWORD = 'gate-demo-password-1';
let browser: Browser;
let portal: PortalProcess;
beforeAll(async () => {
  portal = await startPortal({ DEMO_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('Select Your SAT Leader', () => {
  it('blocks an agent without a leader until one is chosen, then stays away after the reload', async () => {
    const { context, page } = await newPage(browser, { baseURL: portal.url });
    await signInThroughForm(page, 'agent2@portal.test', DEMO_PASSWORD);
    const gate = page.getByTestId('sat-leader-gate');
    await gate.waitFor();
    expect(await gate.getByRole('heading').innerText()).toBe('Select Your SAT Leader');
    expect(await gate.getByRole('button', { name: 'Close' }).count()).toBe(0);
    expect(await gate.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);

    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    expect(await gate.isVisible()).toBe(true);
    await screenshot(page, 'sat-leader-gate');

    await gate.getByLabel('SAT Leader').selectOption({ label: 'Sam Rivera' });
    await gate.getByRole('button', { name: 'Continue' }).click();
    await gate.waitFor({ state: 'detached' });
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user.needsSatLeader).toBe(false);
    // The gate follows the session: once a fresh load of the home page shows the user, it has decided.
    await page.goto('/');
    await page.getByRole('button', { name: 'Blake Agent' }).waitFor();
    expect(await page.getByTestId('sat-leader-gate').count()).toBe(0);
    await context.close();
  });

  it('never shows for an agent who has a leader, who starts on Onboarding and is told where a code comes from (a phone)', async () => {
    const { context, page } = await newPage(browser, { baseURL: portal.url, width: 390, height: 844 });
    await page.goto('/auth');
    await page.getByLabel('Email').fill('agent@portal.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // No work account and no code: the first page is one they can open, not the access-code wall.
    await page.waitForURL((url) => url.pathname === '/onboarding');
    expect(await page.getByTestId('access-code-dialog').count()).toBe(0);

    await page.goto('/');
    // The gate follows the session: once the page shows the user, it has decided.
    await page.getByRole('button', { name: 'Alex Agent' }).waitFor();
    expect(await page.getByTestId('sat-leader-gate').count()).toBe(0);
    // The tiles that need a code say so before the click; Onboarding does not.
    expect(
      await page.locator('[data-tile]:has([data-testid="tile-needs-code"])').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-tile'))),
    ).toEqual(['leads', 'training', 'resources']);
    await screenshot(page, 'home-tiles-need-a-code-390');

    await page.goto('/profile');
    const leader = page.getByTestId('profile-sat-leader');
    await leader.getByText('Sam Rivera').waitFor();
    expect(await leader.innerText()).toContain('(sam.rivera@portal.test)');
    expect(await leader.innerText()).toContain('ask an admin: admins change it on the Users page');
    await screenshot(page, 'profile-sat-leader-390');

    await page.goto('/dashboard');
    const dialog = page.getByTestId('access-code-dialog');
    await dialog.getByText('Please enter the access code to access this page.').waitFor();
    const source = dialog.getByTestId('access-code-source');
    await source.getByText('Sam Rivera', { exact: true }).waitFor();
    expect(await source.innerText()).toContain('Access codes come from your SAT leader, Sam Rivera.');
    expect(await source.getByRole('link', { name: 'Email Sam Rivera' }).getAttribute('href')).toMatch(/^mailto:sam\.rivera@portal\.test\?subject=/);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'access-code-dialog-source-390');

    await source.getByRole('button', { name: 'ask in a help request' }).click();
    const help = page.getByRole('dialog', { name: 'Submit Help Request' });
    await help.waitFor();
    expect(await help.getByLabel('Comment / Concern').inputValue()).toBe('Please send me an access code for the Agent Portal.');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});
