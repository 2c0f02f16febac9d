import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mailedLink } from '../support/portal/mailbox.js';
import { freshAgent } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function mailedLinkPath(email: string): Promise<string> {
  const link = await mailedLink(email, 'confirm');
  return link.pathname + link.search;
}

describe('signing up in the browser', () => {
  it('creates an account, confirms it from the e-mailed link, and signs in', async () => {
    const { context, page } = await newPage(browser);
    const email = `ui-${randomUUID().slice(0, 8)}@agents.test`;
    await page.goto('/auth');
    await page.getByRole('heading', { level: 1, name: 'Agent Login' }).waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // The title names what the screen now does: signing up, not logging in.
    await page.getByRole('heading', { level: 1, name: 'Agent Sign Up' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Agent Login' }).count()).toBe(0);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Tampa-Bay-2026');
    await page.getByLabel('Confirm Password').fill('Tampa-Bay-2026');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .locator('[data-variant="destructive"]', { hasText: 'SAT Leader Required' })
      .filter({ hasText: 'Please select your SAT leader before signing up.' })
      .waitFor();

    await page.getByLabel('SAT Leader').selectOption({ label: 'Taylor Brooks' });
    await page.getByLabel('Confirm Password').fill('Tampa-Bay-2025');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .locator('[data-variant="destructive"]', { hasText: "Passwords don't match" })
      .filter({ hasText: 'Please make sure both passwords are the same.' })
      .waitFor();

    await page.getByLabel('Confirm Password').fill('Tampa-Bay-2026');
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .locator('[data-variant="default"]', { hasText: 'Account created!' })
      .filter({ hasText: 'Please check your email to verify your account, then sign in.' })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Agent Login' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('data-state')).toBe('active');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password').fill('Tampa-Bay-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email not confirmed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send a new confirmation link' }).count()).toBe(1);

    await page.goto(await mailedLinkPath(email));
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await screenshot(page, 'email-confirmed');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Tampa-Bay-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // A new agent without a code starts on a page they can open, not behind the access-code dialog.
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('access-code-dialog').count()).toBe(0);
    await page.goto('/');
    await page.getByRole('button', { name: email.slice(0, email.indexOf('@')) }).waitFor();
    await context.close();
  });

  it('says so when the e-mail already has an account', async () => {
    const { email } = await freshAgent('taken');
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Tampa-Bay-2026');
    await page.getByLabel('Confirm Password').fill('Tampa-Bay-2026');
    await page.getByLabel('SAT Leader').selectOption({ label: 'Sam Rivera' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const toast = page.locator('[data-variant="destructive"]', { hasText: 'Account already exists' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('An account with this email already exists. Please sign in instead.');
    await context.close();
  });
});
