import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { openWithAccessCode, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { checkContext, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const PASSWORD = 'Shell-Agent-2026';
const PHONE = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A fresh confirmed agent (limited access), signed in on `page` and back on the home page (sign-in lands on the dashboard). */
async function freshAgent(page: Page, name = 'shell'): Promise<string> {
  const email = `${name}-${randomUUID().slice(0, 8)}@agents.test`;
  await createConfirmedAccount(email, PASSWORD);
  await signInThroughForm(page, email, PASSWORD);
  await page.goto('/');
  return email;
}

/** A fresh account the demo admin has made an admin (so no earlier test has elevated it), signed in on `page`. */
async function freshAdmin(page: Page): Promise<string> {
  const email = `shell-admin-${randomUUID().slice(0, 8)}@agents.test`;
  await createConfirmedAccount(email, PASSWORD);
  const admin = await signedInClient('admin@portal.test');
  const { users } = (await (await admin.request('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { users: { id: string }[] };
  expect((await admin.request('PUT', `/api/admin/users/${users[0]!.id}/admin`, { admin: true })).status).toBe(200);
  await signInThroughForm(page, email, PASSWORD);
  await page.goto('/');
  return email;
}

const box = async (selector: Locator) => {
  const found = await selector.boundingBox();
  if (!found) throw new Error(`${String(selector)} is not shown`);
  return found;
};

describe('the checks every browser test runs', () => {
  it('report console errors, CSP violations and serious axe-core findings', async () => {
    const { context, page } = await newPage(browser);
    await context.route('**/check-fixture', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': "img-src 'none'" },
        body: '<!doctype html><html lang="en"><title>fixture</title><main><img src="/favicon.svg"><script>console.error("fixture error")</script></main></html>',
      }),
    );
    await page.goto('/check-fixture');
    const problems = await checkContext(context);
    expect(problems.some((p) => p.includes('console error') && p.includes('fixture error'))).toBe(true);
    expect(problems.some((p) => p.startsWith('CSP violation') && p.includes('img-src'))).toBe(true);
    expect(problems.some((p) => p.includes('axe critical "image-alt"'))).toBe(true);
    await page.close();
    await context.close();
  });
});

describe('accessibility of the shell', () => {
  it('offers "Skip to content" as the first stop of the keyboard, which moves focus to the page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await context.close();
  });

  it('shows the not-found page inside a main landmark', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByRole('main').getByRole('heading', { name: '404' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).waitFor();
    await screenshot(page, 'shell-404');
    await context.close();
  });

  it('keeps the page behind the open user menu free of focusable hidden content', async () => {
    const { context, page } = await newPage(browser);
    await freshAgent(page);
    await page.getByRole('button', { name: /^shell-/ }).click();
    await page.getByRole('menuitem', { name: 'Banking (profile)' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await context.close();
  });

  it('names the actions column of Access Codes and Approved Emails', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await freshAdmin(page);
    await openWithAccessCode(page, '/admin/access-codes');
    await page.getByTestId('access-codes-grid').locator('.ag-header-cell', { hasText: 'Actions' }).waitFor();
    await page.goto('/admin/approved-emails');
    await page.getByRole('columnheader', { name: 'Actions' }).waitFor();
    await context.close();
  });
});

describe('on a phone (390 px)', () => {
  it('fits the signed-in header: the name, Unlock Access and the menu that reaches Home, About and Contacts', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await freshAgent(page);
    const name = await box(page.getByRole('banner').getByText('Agent Portal'));
    const unlock = await box(page.getByRole('button', { name: 'Unlock Access' }));
    const menu = await box(page.getByRole('button', { name: 'Open menu' }));
    expect(name.x + name.width).toBeLessThanOrEqual(unlock.x);
    expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'shell-phone-home-signed-in');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Main mobile' });
    for (const link of ['Home', 'About', 'Contacts']) await mobileNav.getByRole('link', { name: link }).waitFor();
    await mobileNav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await context.close();
  });

  it('fits the signed-out header with Agent Login and the menu', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    const login = await box(page.getByRole('link', { name: 'Agent Login' }));
    const menu = await box(page.getByRole('button', { name: 'Open menu' }));
    expect(login.x + login.width).toBeLessThanOrEqual(menu.x);
    expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'shell-phone-home-signed-out');
    await context.close();
  });

  it('opens the sidebar as a slide-over with the areas, the user and Sign Out, and closes it on a choice', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const email = await freshAgent(page);
    // /profile: a sidebar page an agent opens without an access code (/testing is for admins).
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByTestId('sidebar-mobile');
    await sheet.getByRole('link', { name: 'My Tickets' }).waitFor();
    const footer = sheet.getByTestId('sidebar-user');
    expect(await footer.innerText()).toContain(email);
    expect(await footer.innerText()).toContain(email.split('@')[0]);
    await footer.getByRole('button', { name: 'Sign Out' }).waitFor();
    await screenshot(page, 'shell-phone-sidebar');
    await sheet.getByRole('link', { name: 'Main Menu' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows an admin page without the page itself overflowing', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await freshAdmin(page);
    await openWithAccessCode(page, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByTestId('users-grid').locator('.ag-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'shell-phone-admin-users');
    await context.close();
  });
});

describe('finding the sidebar areas and the admin pages', () => {
  it('lists the areas and, for admins, the Admin pages in the user menu, leading into the sidebar layout', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    const email = await freshAdmin(page);
    await page.getByRole('button', { name: email.split('@')[0] }).click();
    const menu = page.getByRole('menu');
    for (const area of ['Dashboard', 'Campaigns', 'Leads', 'Banking', 'Integrations', 'My Tickets', 'Testing'])
      await menu.getByRole('menuitem', { name: area, exact: true }).waitFor();
    await menu.getByRole('group', { name: 'Admin' }).getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    // The access-code dialog opens over the sidebar layout and says why an admin needs it.
    const dialog = page.getByTestId('access-code-dialog');
    await dialog.getByTestId('access-code-note').getByText('Admin pages need elevated access too').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await page.getByRole('banner').count()).toBe(0);
    await screenshot(page, 'shell-admin-needs-code');

    const sidebar = page.getByTestId('sidebar');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await openWithAccessCode(page, '/admin/users');
    await sidebar.getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Access Codes' }).waitFor();
    const footer = sidebar.getByTestId('sidebar-user');
    expect(await footer.innerText()).toContain(email);
    await footer.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Agent Login' }).waitFor();
    await context.close();
  });

  it('shows no Admin section to an agent', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await freshAgent(page);
    await page.goto('/profile');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Testing' }).waitFor();
    expect(await page.getByTestId('sidebar').getByText('Admin').count()).toBe(0);
    await context.close();
  });

  it('keeps the sidebar layout when a sidebar page asks an agent for the access code', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await freshAgent(page);
    await page.goto('/dashboard');
    await page.getByTestId('access-code-dialog').getByText('Please enter the access code to access this page.').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await page.getByRole('banner').count()).toBe(0);
    await context.close();
  });
});

describe('the Users grid on a laptop', () => {
  beforeAll(async () => {
    // More rows than the grid shows, so its vertical scrollbar takes its share of the width.
    const admin = await signedInClient('admin@portal.test');
    const { users } = (await (await admin.request('GET', '/api/admin/users')).json()) as { users: unknown[] };
    for (let count = users.length; count < 14; count++) await createConfirmedAccount(`shell-row-${randomUUID().slice(0, 8)}@agents.test`, PASSWORD);
  });

  for (const width of [1280, 1366]) {
    it(`fits its headers and actions at ${width} px`, async () => {
      const { context, page } = await newPage(browser, { width, height: 800 });
      await freshAdmin(page);
      await openWithAccessCode(page, '/admin/users');
      const grid = page.getByTestId('users-grid');
      await grid.locator('.ag-row').first().waitFor();
      const cut = await grid
        .locator('.ag-header-cell-text')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
      expect(cut).toEqual([]);
      const cutCells = await grid
        .locator('.ag-row [col-id=elevatedUntil], .ag-row [col-id=lastSeenAt]')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
      expect(cutCells).toEqual([]);
      expect(await grid.locator('.ag-body-vertical-scroll').evaluate((bar) => bar.classList.contains('ag-hidden'))).toBe(false);
      const sideways = grid.locator('.ag-body-horizontal-scroll-viewport');
      expect(await sideways.evaluate((v) => v.scrollWidth <= v.clientWidth)).toBe(true);
      const gridBox = await box(grid);
      const manage = await box(
        grid
          .locator('.ag-row')
          .first()
          .getByRole('button', { name: /^Manage / }),
      );
      expect(manage.x + manage.width).toBeLessThanOrEqual(gridBox.x + gridBox.width - 16);
      if (width === 1366) await screenshot(page, 'shell-admin-users-1366');
      await context.close();
    });
  }
});

describe('pages of the route table', () => {
  it('shows the Microsoft Sign-In Required screen on a direct visit to /leads without a work account', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await freshAgent(page);
    await page.goto('/leads');
    await page.getByRole('heading', { level: 1, name: 'Microsoft Sign-In Required' }).waitFor();
    await page.getByText('Lead Management requires Microsoft sign-in. Please contact your administrator for access.').waitFor();
    await screenshot(page, 'shell-leads-blocked');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('tells a signed-out visitor sent away from a protected page that it needs sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/my-tickets');
    await page.waitForURL((url) => url.pathname === '/');
    const toast = page.locator('[data-variant="default"]', { hasText: 'Sign-in required' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('That page needs sign-in.');
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBe('/my-tickets');
    await context.close();
  });
});
