import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { freshAgent, landedAfterSignIn } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('signing in with e-mail and password', () => {
  it('signs a demo agent in, returns to the page they wanted, and signs them out from the user menu', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('link', { name: 'Agent Login' }).first().click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill('agent@portal.test');
    await page.getByLabel('Password').fill(inject('demoPassword'));
    await screenshot(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL('**/profile');
    await page.locator('[data-variant="default"]', { hasText: 'Welcome!' }).filter({ hasText: 'You have been successfully signed in.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Banking' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.goto('/');
    await page.getByRole('button', { name: 'Alex Agent' }).click();
    expect(await page.getByTestId('access-label').innerText()).toBe('Limited Access');
    expect(await page.getByRole('menuitem', { name: 'agent@portal.test' }).count()).toBe(1);
    await screenshot(page, 'user-menu');

    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Agent Login' }).first().waitFor();
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
    await context.close();
  });

  it('shows the server’s answer for a wrong password and stays on the form', async () => {
    const { email } = await freshAgent('mistyped');
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Invalid login credentials');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('sends a signed-in user away from /auth', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('Email').fill('admin@portal.test');
    await page.getByLabel('Password').fill(inject('demoPassword'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(landedAfterSignIn);
    await page.goto('/auth');
    await page.waitForURL(landedAfterSignIn);
    await context.close();
  });
});
