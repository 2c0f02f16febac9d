import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { createAccessCode, freshAgent, signedInClient, signInThroughForm } from '../support/portal/portal.js';
import { startRingyStandIn, type RingyStandIn } from '../support/ringy-standin.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Every error the browser logs on the page from now on, failed answers included (which checkPage tolerates for the API's 4xx). */
function errorsLogged(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  return logged;
}

async function agentOn(path: string, width = 1366): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = await freshAgent('integrations');
  const client = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'integrations pages');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const { context, page } = await newPage(browser, { width });
  await signInThroughForm(page, account.email, account.password);
  await page.goto(path);
  return { page, close: () => context.close() };
}

describe('/integrations', () => {
  it('lists the providers, connects OnlySales with the form’s messages, shows the saved key by its last four, and disconnects', async () => {
    const { page, close } = await agentOn('/integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByTestId('provider').first().waitFor();
    expect(await page.getByTestId('provider').count()).toBe(5);
    for (const concept of ['CRM Integration', 'SMS Marketing', 'Email Marketing', 'VoIP Integration', 'Sales Automation'])
      await page.getByText(concept).waitFor();
    expect(await page.getByText('Not Connected').count()).toBe(5);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-1366');

    await page.getByRole('link', { name: 'Manage Integrations: OnlySales' }).click();
    await page.getByRole('heading', { name: 'OnlySales', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    await page.getByLabel('Webhook URL').fill('https://crm.example.com/hook');
    await page.getByLabel('API key').fill('browser-key-0123456789-WXYZ');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('OnlySales Connected').first().waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(await page.getByLabel('API key').getAttribute('placeholder')).toBe('Saved as ••••WXYZ; enter it again to save changes');
    expect(await checkPage(page)).toEqual([]);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Disconnect OnlySales?' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Not Connected', { exact: true }).waitFor();
    await close();
  });

  it('checks VanillaSoft’s field mappings, starts them at the defaults, and says when a provider does not exist', async () => {
    const { page, close } = await agentOn('/integrations/vanillasoft', 390);
    await page.getByRole('heading', { name: 'VanillaSoft', level: 1 }).waitFor();
    expect(JSON.parse(await page.getByLabel('Field mappings (JSON)').inputValue())).toEqual({
      first_name: 'FirstName',
      last_name: 'LastName',
      phone: 'Phone',
      email: 'Email',
    });
    await page.getByLabel('Credential name').fill('Main');
    await page.getByLabel('Posting URL').fill('https://new.vanillasoft.net/post.aspx?id=42');
    await page.getByLabel('Field mappings (JSON)').fill('{first_name: FirstName}');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Invalid JSON format for field mappings').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-vanillasoft-390');
    const logged = errorsLogged(page);
    await page.goto('/integrations/salesforce');
    await page.getByRole('heading', { name: 'Integration not found' }).waitFor();
    // An unknown provider is not found without asking the server, so the browser logs no 404.
    expect(logged).toEqual([]);
    expect(await checkPage(page)).toEqual([]);
    await close();
  });
});

describe('/integrations on a portal whose Ringy is a local stand-in', () => {
  let own: OwnPortal;
  let ringy: RingyStandIn;
  beforeAll(async () => {
    ringy = await startRingyStandIn();
    ringy.accounts.set('RS-browser-0001', 'ringy-browser-token-0001');
    // A grace period other than the default day: the rotation dialog words the one configured.
    own = await startOwnPortal({ RINGY_API_BASE: ringy.apiBase, OUTBOUND_ALLOW: '127.0.0.1', DELIVERY_SIGNING_SECRET_GRACE_SECONDS: '7200' });
  });
  afterAll(async () => {
    await own?.close();
    await ringy?.close();
  });

  async function signedIn(path: string, width = 1366) {
    const account = await own.account();
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url });
    await signInThroughForm(page, account.email, account.password);
    await page.goto(path);
    return { page, close: () => context.close() };
  }

  it('tests Ringy’s credentials on Connect: “Test Failed” / “Invalid credentials”, “Failed to test connection”, then connected', async () => {
    const { page, close } = await signedIn('/integrations/ringy');
    await page.getByRole('heading', { name: 'Ringy', level: 1 }).waitFor();
    const logged = errorsLogged(page);
    await page.getByLabel('SID', { exact: true }).fill('RS-browser-0001');
    await page.getByLabel('Auth Token').fill('not-the-token');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Test Failed').first().waitFor();
    await page.getByText('Invalid credentials').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-ringy-invalid-1366');
    ringy.mode = 'server-error';
    // Ringy cannot be reached: the form says so, and the browser logs no error status (a failed test is an answer).
    await page.getByLabel('Auth Token').fill('ringy-browser-token-0001');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Failed to test connection').first().waitFor();
    expect(logged).toEqual([]);
    expect(await checkPage(page)).toEqual([]);
    ringy.mode = 'normal';
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Ringy Connected').first().waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    await close();
  });

  it('shows OnlySales’ webhook signing secret once after connecting, then only its last four', async () => {
    const { page, close } = await signedIn('/integrations/onlysales', 390);
    await page.getByLabel('Webhook URL').fill('https://crm.example.com/hook');
    await page.getByLabel('API key').fill('browser-key-0123456789-SIGN');
    await page.getByRole('button', { name: 'Connect' }).click();
    const secret = (await page.getByTestId('signing-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-onlysales-secret-390');
    await page.reload();
    await page.getByText(`Webhook signing secret: ••••${secret.slice(-4)}`).waitFor();
    expect(await page.getByTestId('signing-secret').count()).toBe(0);
    await close();
  });

  it('rotates OnlySales’ signing secret after a confirmation, shows the new one once with a copy button, and says how long the old one still signs (the configured 2 hours)', async () => {
    const { page, close } = await signedIn('/integrations/onlysales');
    await page.getByLabel('Webhook URL').fill('https://crm.example.com/hook');
    await page.getByLabel('API key').fill('browser-key-0123456789-ROTA');
    await page.getByRole('button', { name: 'Connect' }).click();
    const first = (await page.getByTestId('signing-secret').textContent())!.trim();
    await page.reload();
    await page.getByText(`Webhook signing secret: ••••${first.slice(-4)}`).waitFor();

    // Cancel changes nothing.
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByText(/For the next 2 hours every request is signed with both the new and the current secret/).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-onlysales-rotate-confirm-1366');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('signing-secret').count()).toBe(0);

    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await page.getByText('Signing secret rotated').first().waitFor();
    const second = (await page.getByTestId('signing-secret').textContent())!.trim();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Copy signing secret' }).waitFor();
    await page.getByText(`Webhook signing secret: ••••${second.slice(-4)}`).waitFor();
    await page.getByText(/the previous secret also signs until/).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-onlysales-rotated-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'integrations-onlysales-rotated-390');
    expect(await checkPage(page)).toEqual([]);

    // Shown once: after a reload only its last four.
    await page.reload();
    await page.getByText(`Webhook signing secret: ••••${second.slice(-4)}`).waitFor();
    expect(await page.getByTestId('signing-secret').count()).toBe(0);
    await close();
  }, 180_000);
});
