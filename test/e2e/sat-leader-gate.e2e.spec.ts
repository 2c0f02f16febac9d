import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.js';
import { signInThroughForm } from './support/portal.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('Select Your SAT Leader', () => {
  it('blocks an agent without a leader until one is chosen, then stays away after the reload', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, 'agent2@portal.test');
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
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Blake Agent' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('sat-leader-gate').count()).toBe(0);
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user.needsSatLeader).toBe(false);
    await context.close();
  });

  it('never shows for an agent who has a leader', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, 'agent@portal.test');
    await page.getByRole('button', { name: 'Alex Agent' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('sat-leader-gate').count()).toBe(0);
    await context.close();
  });
});
