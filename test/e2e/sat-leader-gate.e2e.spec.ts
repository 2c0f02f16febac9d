import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

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

  it('never shows for an agent who has a leader', async () => {
    const { context, page } = await newPage(browser, { baseURL: portal.url });
    await signInThroughForm(page, 'agent@portal.test', DEMO_PASSWORD);
    await page.goto('/');
    // The gate follows the session: once the page shows the user, it has decided.
    await page.getByRole('button', { name: 'Alex Agent' }).waitFor();
    expect(await page.getByTestId('sat-leader-gate').count()).toBe(0);
    await context.close();
  });
});
