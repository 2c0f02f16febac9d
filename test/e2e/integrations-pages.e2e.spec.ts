import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';
import { createAccessCode, freshAgent, signedInClient, signInThroughForm } from './support/portal.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

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
    for (const concept of ['CRM Integration', 'SMS Marketing', 'Email Marketing', 'VoIP Integration', 'Sales Automation']) await page.getByText(concept).waitFor();
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
    expect(JSON.parse(await page.getByLabel('Field mappings (JSON)').inputValue())).toEqual({ first_name: 'FirstName', last_name: 'LastName', phone: 'Phone', email: 'Email' });
    await page.getByLabel('Credential name').fill('Main');
    await page.getByLabel('Posting URL').fill('https://new.vanillasoft.net/post.aspx?id=42');
    await page.getByLabel('Field mappings (JSON)').fill('{first_name: FirstName}');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Invalid JSON format for field mappings').first().waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'integrations-vanillasoft-390');
    await page.goto('/integrations/salesforce');
    await page.getByRole('heading', { name: 'Integration not found' }).waitFor();
    await close();
  });
});
