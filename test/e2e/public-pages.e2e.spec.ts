import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function open(path: string, size?: { width: number; height: number }): Promise<Page> {
  if (page) await page.context().close();
  ({ page } = await newPage(browser, size));
  await page.goto(path);
  return page;
}

const text = (p: Page) => p.locator('body').innerText();

describe('home page', () => {
  it('shows the title, the tagline and the four tiles', async () => {
    await open('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to the Agent Portal' }).waitFor();
    const body = await text(page);
    expect(body).toContain('tools, training and resources for health insurance sales');
    for (const tile of ['Onboarding', 'Lead Management', 'Agent Training', 'Resources']) {
      expect(await page.locator('[data-tile]', { hasText: tile }).count()).toBe(1);
    }
    await screenshot(page, 'home');
  });

  it('asks a signed-out visitor to log in from the tiles that need an account', async () => {
    await open('/');
    const cases = [
      ['resources', 'Please log in to access resources.'],
      ['leads', 'Please log in to access Lead Management.'],
      ['training', 'Please log in to access agent training.'],
    ];
    for (const [tile, message] of cases) {
      await page.click(`[data-tile="${tile}"]`);
      const toast = page.locator('[data-variant="destructive"]', { hasText: message! });
      await toast.waitFor();
      expect(await toast.innerText()).toContain('Authentication Required');
    }
    await screenshot(page, 'home-toasts');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('opens the onboarding guide from its tile', async () => {
    await open('/');
    await page.click('[data-tile="onboarding"]');
    await page.waitForURL('**/onboarding');
  });
});

describe('header and footer', () => {
  it('link where the spec says', async () => {
    await open('/about');
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Agent Portal home' }).getAttribute('href')).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await nav.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(await nav.getByRole('link', { name: 'Contacts' }).getAttribute('href')).toBe('/contacts');
    const becomeAgent = nav.getByRole('link', { name: 'Become an Agent' });
    expect(await becomeAgent.getAttribute('target')).toBe('_blank');
    expect(await becomeAgent.getAttribute('href')).toMatch(/^https:\/\//);

    await header.getByRole('link', { name: 'Agent Login' }).click();
    await page.waitForURL('**/auth');

    const footer = page.locator('footer');
    expect(await footer.innerText()).toMatch(/© \d{4} .+\. All rights reserved\./);
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL('**/terms-and-conditions');
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await page.locator('header').getByRole('link', { name: 'Agent Portal home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('about page', () => {
  it('shows the hero, the journey, the five gains and three offices with directions', async () => {
    await open('/about');
    await page.getByRole('heading', { name: 'Your Tools. Your Training. Your Team.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Meet Advisors' }).getAttribute('href')).toBe('#leaders');
    const body = await text(page);
    expect(body).toContain('Your Journey Starts Here');
    for (const gain of ['Endless Support', 'Multiple Streams of Income', 'Personal & Professional Growth', 'Genuinely Helping Others', 'Culture']) {
      expect(body).toContain(gain);
    }
    for (const office of ['Tampa', 'E. Tampa (', 'W. Tampa (']) expect(body).toContain(office);
    const directions = page.getByRole('link', { name: 'Get Directions' });
    expect(await directions.count()).toBe(3);
    for (const href of await directions.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.+/);
    }
    await page.getByRole('link', { name: 'Meet Advisors' }).click();
    await page.waitForFunction(() => location.hash === '#leaders');
  });

  // How the count runs over time is a unit test on a fake clock (web/src/features/about/count-up.spec.ts).
  it('counts the earnings up to their totals once they are half visible', async () => {
    await open('/about');
    const counters = page.locator('[data-counter-target]');
    await counters.first().waitFor();
    expect(await counters.allInnerTexts()).toEqual(['$0', '$0']);
    await counters.first().scrollIntoViewIfNeeded();
    await expect.poll(() => counters.allInnerTexts()).toEqual(['$167,952', '$488,033']);
    await screenshot(page, 'about');
  });
});

describe('onboarding page', () => {
  it('lists the six steps with their costs and the $181 total', async () => {
    await open('/onboarding');
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('button');
    await steps.first().waitFor();
    expect(await steps.allInnerTexts()).toEqual([
      '1\nPre-License Course\n$29',
      '2\nExam Scheduling\n$44',
      '3\nFingerprints\n$51',
      '4\nPass the Exam\n70%+',
      '5\nContracting\nFree',
      '6\nComputer Set-Up\nDay-1',
    ]);
    expect(await page.getByTestId('onboarding-total').innerText()).toBe('$181');
  });

  it('scrolls to a step and opens its section when the step is clicked', async () => {
    await open('/onboarding');
    const section = page.locator('#step-contracting');
    expect(await section.getAttribute('data-state')).toBe('closed');
    await page
      .getByRole('list', { name: 'Steps' })
      .getByRole('button', { name: /Contracting/ })
      .click();
    await page.waitForFunction(() => {
      const box = document.getElementById('step-contracting')!.getBoundingClientRect();
      return box.top >= 0 && box.top < 200;
    });
    expect(await section.getAttribute('data-state')).toBe('open');
    expect(await section.innerText()).toContain('3-5 business days');
  });

  it('shows the next prep course weekend and links to registration and the three schedules', async () => {
    await open('/onboarding');
    // The same list the registration page offers: the course weekends the server keeps.
    const { next } = (await (await fetch(`${portalUrl()}/api/prep-course/sessions`)).json()) as { next: { label: string } | null };
    await expect.poll(() => page.getByTestId('next-course-date').innerText()).toBe(next?.label ?? 'TBA');
    expect(await text(page)).toContain('2-15 License Prep Course');
    expect(await page.getByRole('link', { name: 'Register for the prep course' }).getAttribute('href')).toBe('/prep-course/register');
    for (const [label, href] of [
      ['West Tampa', '/weeks-wt'],
      ['South Tampa', '/weeks-st'],
      ['East Tampa', '/weeks-et'],
    ]) {
      expect(await page.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    }
    await screenshot(page, 'onboarding');
  });
});

describe('contacts, terms and privacy', () => {
  for (const path of ['/contacts', '/contact']) {
    it(`${path} shows four contact cards with help links`, async () => {
      await open(path);
      await page.getByRole('heading', { name: 'Onboarding Contacts' }).waitFor();
      expect(await page.getByRole('link', { name: 'Help' }).count()).toBe(4);
      expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(1);
    });
  }

  for (const [path, title] of [
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/privacy-policy', 'Privacy Policy'],
  ] as const) {
    it(`${path} has eight sections, last updated January 1, 2025`, async () => {
      await open(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await text(page)).toContain('Last updated: January 1, 2025');
      expect(await page.locator('article h2').count()).toBe(8);
    });
  }
});

describe('routing', () => {
  it('shows the not-found page for an unknown path, with a way home', async () => {
    await open('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    expect(await page.locator('h1').innerText()).toBe('404');
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sends a signed-out visitor from a protected page home and keeps the return path', async () => {
    await open('/my-leads?day=2026-01-05');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBe('/my-leads?day=2026-01-05');
  });

  it('answers an unknown API path with JSON, not the app', async () => {
    await open('/');
    const response = await page.request.get('/api/definitely-not-here');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('portal sidebar', () => {
  it('toggles with Ctrl+B and keeps the choice across a reload', async () => {
    await open('/testing');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    expect((await sidebar.boundingBox())!.width).toBeCloseTo(256, 0);
    await screenshot(page, 'sidebar-expanded');

    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'collapsed');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeCloseTo(48, 0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const sevenDays = 7 * 24 * 3600;
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(sevenDays - 60);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(sevenDays + 1);
    await screenshot(page, 'sidebar-collapsed');

    await page.reload();
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'expanded');
  });

  it('becomes an 18rem slide-over below 768 px', async () => {
    await open('/testing', { width: 700, height: 900 });
    await page.getByRole('button', { name: 'Toggle sidebar' }).waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.keyboard.press('Control+b');
    const sheet = page.getByTestId('sidebar-mobile');
    await sheet.waitFor();
    await expect.poll(async () => (await sheet.boundingBox())!.width).toBeCloseTo(288, 0);
    expect(await sheet.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await screenshot(page, 'sidebar-mobile');
  });
});

describe('code splitting', () => {
  it('loads only the code of the page shown, and no admin grid code, on a public page', async () => {
    const { context, page: fresh } = await newPage(browser);
    const scripts: string[] = [];
    fresh.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await fresh.goto('/');
    await fresh.getByRole('heading', { level: 1 }).waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('home-page'))).toBe(true);
    // AG Grid is bundled into the admin pages' chunks (security-page): none may load here.
    for (const other of ['about-page', 'onboarding-page', 'contacts-page', 'legal-page', 'resources-page', 'assistant-dialog', 'security-page', 'ag-grid']) {
      expect(scripts.filter((s) => s.includes(other))).toEqual([]);
    }
    await context.close();
  });
});
