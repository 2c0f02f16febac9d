// The custom integration form on /integrations (spec: "An Add Custom Integration button opens
// the custom integration form", section 5 Custom integration, the error catalogue), as an
// agent uses it: every message, a link and an API integration added, the signing secret
// shown once, the list, open, deactivate, edit and delete.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccessCode, freshAgent, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function agentOn(path: string, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await freshAgent('custom-integrations');
  const client = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'custom integrations');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const { context, page } = await newPage(browser, { width });
  await signInThroughForm(page, account.email, account.password);
  await page.goto(path);
  return { page, close: () => context.close() };
}

const HEADER_SECRET = 'hdr-credential-0123456789';
const API_KEY = 'browser-api-key-0123456789-LAST';

describe('custom integrations on /integrations', () => {
  it('checks every field of the form with the spec’s messages, adds an API and a link integration, and lists, opens, deactivates, edits, deletes them and rotates a signing secret', async () => {
    const { page, close } = await agentOn('/integrations', 1366);
    await page.getByRole('heading', { name: 'Custom integrations' }).waitFor();
    await page.getByText('No custom integrations yet.').waitFor();
    await page.getByRole('button', { name: 'Add Custom Integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Custom Integration' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Add Integration' });

    // Name, then the URL a link needs, then the endpoint an API needs.
    await submit.click();
    await dialog.getByText('Integration name is required').waitFor();
    await page.getByText('Validation Error').first().waitFor();
    await dialog.getByLabel('Integration name').fill('My CRM');
    await submit.click();
    await dialog.getByText('URL is required for link integrations').waitFor();
    await dialog.getByLabel('Type').selectOption('api');
    await dialog.getByLabel('Category').selectOption('crm');
    await submit.click();
    await dialog.getByText('API endpoint is required for API integrations').waitFor();

    // Headers: invalid JSON says so at once and keeps the form from being sent.
    await dialog.getByLabel('Headers (JSON, optional)').fill('{"X-Account": ');
    await dialog.getByText('Invalid JSON format').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    // Valid JSON that is not headers (a list, a number as a value) keeps it off too.
    for (const notHeaders of ['[1, 2]', '{"X-Num": 5}']) {
      await dialog.getByLabel('Headers (JSON, optional)').fill(notHeaders);
      await dialog.getByText('Headers must be a JSON object of header names and text values').waitFor();
      expect(await submit.isDisabled()).toBe(true);
    }
    await dialog.getByLabel('Headers (JSON, optional)').fill(JSON.stringify({ 'X-Account': HEADER_SECRET }));
    expect(await dialog.getByText('Invalid JSON format').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);

    // The body template is there for POST, PUT and PATCH only; placeholders insert at the cursor.
    for (const method of ['GET', 'DELETE']) {
      await dialog.getByLabel('Method').selectOption(method);
      await dialog.getByText(`A ${method} request carries no body`).waitFor();
      expect(await dialog.getByLabel('Request body template (optional)').count()).toBe(0);
    }
    for (const method of ['PUT', 'PATCH', 'POST']) {
      await dialog.getByLabel('Method').selectOption(method);
      await dialog.getByLabel('Request body template (optional)').waitFor();
    }
    const body = dialog.getByLabel('Request body template (optional)');
    await body.fill('{"name": "", "ssn": "{{ssn}}"}');
    await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(10, 10));
    await dialog.getByRole('button', { name: '{{first_name}}' }).click();
    expect(await body.inputValue()).toBe('{"name": "{{first_name}}", "ssn": "{{ssn}}"}');
    await dialog.getByLabel('API endpoint').fill('https://crm.example.com/leads');
    await dialog.getByLabel('API key (optional)').fill(API_KEY);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'custom-integration-form-1366');

    // The server refuses the unknown placeholder, under its field.
    allowConsoleMessage(page, /status of 400/);
    await submit.click();
    await dialog.getByText('Unknown placeholder {{ssn}}: use the lead fields listed, e.g. {{first_name}}').waitFor();
    await body.fill('{"name": "{{first_name}} {{last_name}}", "phone": "{{phone}}"}');

    // A failure of the server itself: the spec's toast.
    allowConsoleMessage(page, /status of 500/);
    await page.route('**/api/integrations/custom', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, code: 'INTERNAL', message: 'boom' }) })
        : route.fallback(),
    );
    await submit.click();
    await page.getByText('Failed to add custom integration. Please try again.').first().waitFor();
    await page.unroute('**/api/integrations/custom');

    // Added: the signing secret, once, with a copy button.
    await submit.click();
    await page.getByText('Custom Integration Added').first().waitFor();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.waitFor();
    const signingSecret = await secretDialog.getByTestId('signing-secret').innerText();
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await secretDialog.getByRole('button', { name: 'Copy signing secret' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    // A link integration.
    await page.getByRole('button', { name: 'Add Custom Integration' }).click();
    await dialog.getByLabel('Integration name').fill('Carrier portal');
    await dialog.getByLabel('Category').selectOption('other');
    await dialog.getByLabel('URL').fill('https://carrier.example.com/quote');
    await submit.click();
    await page.getByText('Custom Integration Added').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Signing secret' }).count()).toBe(0);

    // The list: name, category, type, status; a link opens in a new tab, without the opener.
    const rows = page.getByTestId('custom-integration');
    await rows.nth(1).waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/My CRM\s+CRM\s+API\s+Active[\s\S]*POST https:\/\/crm\.example\.com\/leads/),
      expect.stringMatching(/Carrier portal\s+Other\s+Link[\s\S]*Open/),
    ]);
    const open = page.getByRole('link', { name: 'Open Carrier portal' });
    expect(await open.getAttribute('href')).toBe('https://carrier.example.com/quote');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toContain('noopener');
    const html = await page.content();
    for (const secret of [API_KEY, HEADER_SECRET, signingSecret]) expect(html).not.toContain(secret);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'custom-integrations-1366');

    // Deactivate, then activate again.
    await page.getByRole('switch', { name: 'Active: My CRM' }).click();
    await page.getByText('Integration Deactivated').first().waitFor();
    await rows.first().getByText('Inactive', { exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: 'Active: My CRM' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('switch', { name: 'Active: My CRM' }).click();
    await rows.first().getByText('Active', { exact: true }).waitFor();

    // Edit: the type stays; the saved secrets are shown by their hints, kept when left empty.
    await page.getByRole('button', { name: 'Edit My CRM' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit My CRM' });
    await edit.waitFor();
    expect(await edit.getByLabel('Type').isDisabled()).toBe(true);
    expect(await edit.getByLabel('API key (optional)').getAttribute('placeholder')).toBe('Saved as ••••LAST; leave empty to keep it');
    expect(await edit.getByLabel('Headers (JSON, optional)').getAttribute('placeholder')).toContain('Saved: X-Account.');
    await edit.getByLabel('Integration name').fill('My CRM (main)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Custom Integration Saved').first().waitFor();
    await rows.first().getByText('My CRM (main)').waitFor();

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete Carrier portal' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this integration?' });
    await confirm.getByText('“Carrier portal” will be deleted').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Integration Deleted').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="custom-integration"]').length === 1);
    await page.reload();
    await page.getByRole('heading', { name: 'Custom integrations' }).waitFor();
    await rows.first().getByText('My CRM (main)').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await checkPage(page)).toEqual([]);

    // Rotate the signing secret from the integration's deliveries, after a confirmation: the new one shown once, as at the add.
    await page.getByRole('button', { name: 'Deliveries to My CRM (main)' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries to My CRM (main)' });
    await deliveries.getByText(`Webhook signing secret: ••••${signingSecret.slice(-4)}`).waitFor();
    await deliveries.getByRole('button', { name: 'Rotate signing secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = await rotated.getByTestId('signing-secret').innerText();
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(newSecret).not.toBe(signingSecret);
    // The grace period is the server's (a day unless configured), not a fixed text.
    expect(await rotated.innerText()).toContain('and for the next 1 day with the previous one too');
    await rotated.getByRole('button', { name: 'Copy signing secret' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'custom-integrations-rotated-1366');
    await rotated.getByRole('button', { name: 'Done' }).click();
    await deliveries.getByText(`Webhook signing secret: ••••${newSecret.slice(-4)}`).waitFor();
    await deliveries.getByText(/the previous secret also signs until/).waitFor();
    await close();
  }, 180_000);

  it('fits the form and the list on a phone', async () => {
    const { page, close } = await agentOn('/integrations', 390);
    await page.getByRole('button', { name: 'Add Custom Integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Custom Integration' });
    await dialog.getByLabel('Integration name').fill('Zap');
    await dialog.getByLabel('Type').selectOption('api');
    await dialog.getByLabel('Category').selectOption('automation');
    await dialog.getByLabel('API endpoint').fill('https://hooks.example.com/catch/123');
    await dialog.getByLabel('Headers (JSON, optional)').fill('{"X-Key": ');
    await dialog.getByText('Invalid JSON format').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'custom-integration-form-390');
    await dialog.getByLabel('Headers (JSON, optional)').fill('');
    await dialog.getByRole('button', { name: 'Add Integration' }).click();
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('custom-integration').first().getByText('Zap').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'custom-integrations-390');
    await close();
  });
});
