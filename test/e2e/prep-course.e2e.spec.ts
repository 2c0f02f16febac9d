import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PREP_MESSAGES } from '../../src/modules/prep-course/contracts/prep-form.js';
import { ApiClient } from '../support/portal/api-client.js';
import { mailedLink } from '../support/portal/mailbox.js';
import { freshAdmin, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

type Offered = { sessionId: string; saturday: string; dateIso: string; label: string };

let browser: Browser;
let next: Offered;
beforeAll(async () => {
  browser = await launchBrowser();
  const { sessions } = (await (await new ApiClient(portalUrl()).request('GET', '/api/prep-course/sessions')).json()) as { sessions: Offered[] };
  next = sessions[0]!;
});
afterAll(async () => browser?.close());

const register = (page: Page) => page.getByRole('button', { name: 'Register' });

describe('the prep course registration page', () => {
  it('registers a visitor only once they commit and follow the mailed link, then offers the Saturday and the weekend calendar files and the study guide', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(browser, { width });
      await page.goto('/prep-course/register');
      await page.getByRole('heading', { name: PREP_MESSAGES.title }).waitFor();
      await page.getByText(PREP_MESSAGES.footer).waitFor();

      // The commitment rule: until YES is chosen Register is disabled; the message says why once it is the reason
      // (NO chosen, or everything else filled in), not to a visitor who has typed nothing yet.
      expect(await register(page).isDisabled()).toBe(true);
      expect(await page.getByText(PREP_MESSAGES.commitment).count()).toBe(0);
      await page.getByLabel('First name').fill('Rosa');
      await page.getByLabel('Last name').fill('Alvarez');
      await page.getByLabel('Office').selectOption({ label: 'South Tampa – Marcus Hale & Tasha Greene' });
      const email = `rosa-${randomUUID().slice(0, 8)}@example.test`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Course date').selectOption({ label: next.label });
      await page.getByLabel('How many times have you taken the exam?').selectOption('Never');
      await page.getByText(PREP_MESSAGES.commitment).waitFor();
      await page.getByRole('radio', { name: 'NO' }).check();
      await page.getByText(PREP_MESSAGES.commitment).waitFor();
      expect(await register(page).isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'YES' }).check();
      await page.getByText(PREP_MESSAGES.commitment).waitFor({ state: 'detached' });
      await screenshot(page, `prep-course-form-${width}`);

      await register(page).click();
      // Nothing is registered until the link mailed to the address is followed.
      await page.getByRole('heading', { name: PREP_MESSAGES.checkEmail }).waitFor();
      await page.getByText(PREP_MESSAGES.pending).first().waitFor();
      expect(await page.getByTestId('requested-dates').textContent()).toBe(next.label);
      await screenshot(page, `prep-course-check-email-${width}`);

      const link = await mailedLink(email, 'prep-course');
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Confirm your registration' }).waitFor();
      await page.getByText('Rosa Alvarez').waitFor();
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `prep-course-confirm-${width}`);
      await page.getByRole('button', { name: 'Confirm my registration' }).click();
      await page.getByText(PREP_MESSAGES.success).first().waitFor();
      await page.getByRole('heading', { name: PREP_MESSAGES.registered }).waitFor();
      expect(await page.getByTestId('registered-dates').textContent()).toBe(next.label);
      await screenshot(page, `prep-course-registered-${width}`);

      if (width === 1366) {
        const [calendar] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add Saturday to Calendar' }).click()]);
        expect(calendar.suggestedFilename()).toBe(`2-15-license-prep-${next.saturday}.ics`);
        const ics = fs.readFileSync((await calendar.path())!, 'utf8');
        expect(ics).toContain(`DTSTART;TZID=America/New_York:${next.saturday.replaceAll('-', '')}T080000`);
        expect(ics).toContain(`DTEND;TZID=America/New_York:${next.saturday.replaceAll('-', '')}T130000`);
        const [weekend] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add Both Days to Calendar' }).click()]);
        expect(weekend.suggestedFilename()).toBe(`2-15-license-prep-${next.saturday}-weekend.ics`);
        const [guide] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Study Materials' }).click()]);
        expect(guide.suggestedFilename()).toBe('2-15-license-prep-study-guide.pdf');
        expect(
          fs
            .readFileSync((await guide.path())!)
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');

        await page.getByRole('link', { name: 'Return to License Prep' }).click();
        await page.waitForURL((url) => url.pathname === '/onboarding');
        await expect.poll(() => page.getByTestId('next-course-date').textContent()).toBe(next.label);
      } else {
        // The link works once: opened again, it says so in words.
        await page.goto(`${link.pathname}${link.search}`);
        await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
        expect(await page.getByTestId('link-refusal').textContent()).toMatch(/^This confirmation link was already used\./);
        await screenshot(page, `prep-course-link-used-${width}`);
      }
      expect(await checkPage(page)).toEqual([]);
      await context.close();
    }
  });

  it('shows admins the weekends with their seats and the registrations of one', async () => {
    const admin = await freshAdmin();
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInThroughForm(page, admin.email, admin.password);
    await openWithAccessCode(page, '/admin/prep-course');
    await page.getByRole('heading', { name: 'License Prep Course' }).waitFor();
    await page.getByRole('button', { name: `Registrations of ${next.label}` }).click();
    await expect.poll(() => page.getByTestId('registrations-of').textContent()).toBe(next.label);
    await page.getByTestId('prep-registrations-grid').getByText('Rosa Alvarez').first().waitFor();
    await page.getByTestId('prep-registrations-grid').getByText('Confirmed (by e-mail)').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'prep-course-admin-1366');
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'prep-course-admin-390');
    await context.close();
  });
});
