import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { createAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function newAgent(page: Page): Promise<string> {
  const email = `dialog-${randomUUID().slice(0, 8)}@agents.test`;
  await createConfirmedAccount(email, 'Dialog-Agent-2026');
  await signInThroughForm(page, email, 'Dialog-Agent-2026');
  await page.goto('/');
  return email;
}

const adminCreatesCode = async () => (await createAccessCode(8, 'dialog test')).code;

describe('the access-code dialog', () => {
  it('asks for a code on a protected page, cancels home, and unlocks with a good code', async () => {
    const code = await adminCreatesCode();
    const { context, page } = await newPage(browser);
    await newAgent(page);

    await page.goto('/resources');
    const dialog = page.getByTestId('access-code-dialog');
    await dialog.getByText('Please enter the access code to access this page.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/resources');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    expect(await dialog.getByRole('alert').innerText()).toBe('Please enter an access code');
    await dialog.getByLabel('Access code').fill('NOPE-NOPE-NOPE-NOPE');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByText('4 attempt(s) remaining').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toBe('Invalid access code');
    await screenshot(page, 'access-code-dialog');

    await dialog.getByLabel('Access code').fill(code);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('[data-variant="default"]', { hasText: 'Access Unlocked!' }).filter({ hasText: 'You now have elevated access for 8 hours.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    expect(await page.getByText('Full Access Unlocked').isVisible()).toBe(true);
    await context.close();
  });

  it('locks after five wrong codes', async () => {
    const { context, page } = await newPage(browser);
    await newAgent(page);
    await page.getByRole('button', { name: 'Unlock Access' }).click();
    const dialog = page.getByTestId('access-code-dialog');
    for (let i = 0; i < 4; i++) {
      await dialog.getByLabel('Access code').fill(`WRONG-${i}`);
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      // The server's answer arrived: the attempts left are shown.
      await dialog.getByText(`${4 - i} attempt(s) remaining`).waitFor();
    }
    await dialog.getByLabel('Access code').fill('WRONG-4');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByText('Too many failed attempts. Please try again later.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Unlock' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('takes Agent Training to a choice of office, then that office’s schedule behind the code, with the training videos on it', async () => {
    const code = await adminCreatesCode();
    const { context, page } = await newPage(browser);
    await newAgent(page);
    await page.click('[data-tile="training"]');
    await page.waitForURL((url) => url.pathname === '/training');
    await page.getByRole('heading', { level: 1, name: 'Training' }).waitFor();
    await screenshot(page, 'training-office-choice');
    await page.getByRole('button', { name: /East Tampa/ }).click();
    await page.waitForURL((url) => url.pathname === '/weeks-et');
    const dialog = page.getByTestId('access-code-dialog');
    await dialog.getByLabel('Access code').fill(code);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { level: 1, name: 'East Tampa Training Schedule' }).waitFor();

    // The videos: the tab asks the server, which checks the access and sends the agent on to the site.
    const answers: string[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/training/video')) answers.push(`${response.status()} ${response.headers().location}`);
    });
    await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Watch the training videos' }).click()]);
    await expect.poll(() => answers).toEqual([expect.stringMatching(/^302 https:\/\//)]);

    // The office is saved: Training in the menu opens its schedule straight away.
    await page.goto('/profile');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Training', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/weeks-et');
    expect(await page.getByTestId('access-code-dialog').count()).toBe(0);
    await context.close();
  });

  it('updates the header of the agent’s other tab as soon as access is unlocked or revoked (realtime)', async () => {
    const code = await adminCreatesCode();
    const { context, page } = await newPage(browser);
    await newAgent(page);
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Unlock Access' }).waitFor();

    await page.getByRole('button', { name: 'Unlock Access' }).click();
    const dialog = page.getByTestId('access-code-dialog');
    await dialog.getByLabel('Access code').fill(code);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await other.getByText('Full Access Unlocked').waitFor();

    const { csrfToken } = await (await page.request.get('/api/auth/session')).json();
    expect((await page.request.post('/api/access/revoke', { headers: { 'x-csrf-token': csrfToken } })).status()).toBe(200);
    await other.getByRole('button', { name: 'Unlock Access' }).waitFor();
    await context.close();
  });

  it('sends an agent without a work account who follows a link to /leads to onboarding', async () => {
    const { context, page } = await newPage(browser);
    await newAgent(page);
    // From another page; a direct visit shows the blocking screen (shell.e2e.spec.ts).
    await page.getByRole('button', { name: /^dialog-/ }).click();
    await page.getByRole('menuitem', { name: 'Leads', exact: true }).click();
    await page.waitForURL('**/onboarding');
    await page.locator('[data-variant="destructive"]', { hasText: 'Access Denied' }).waitFor();
    await context.close();
  });
});
