import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fundedCampaign } from '../support/portal/funded-campaign.js';
import { createAccessCode, freshAdmin, freshAgent, portalUrl, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { submitTicket, supportAgent } from '../support/portal/support-desk.js';
import { zipOf } from '../support/us-zips.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const CONCERN = 'My leads from Tuesday never arrived; the receipt shows the $120 I paid.';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);

/** The account signed in with elevated access (the pages past the access-code guard), on `path`. */
async function signedInOn(account: TestAccount, path: string, size = DESKTOP) {
  const client = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'support desk');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const { context, page } = await newPage(browser, size);
  await signInThroughForm(page, account.email, account.password);
  await page.goto(path);
  return { page, client, email: account.email, close: () => context.close() };
}

const toastSays = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const fileOf = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

describe('the support desk in the browser', () => {
  it('takes a help request with its receipt, the admin marks it In Progress with a comment, and the agent sees it at once', async () => {
    const agent = await signedInOn(await freshAgent('support-ui'), '/my-tickets');
    const { page } = agent;
    await page.getByRole('heading', { name: 'My Support Tickets', level: 1 }).waitFor();
    await page.getByText('No tickets found').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'my-tickets-empty-1366');

    await page.getByRole('button', { name: 'Submit Help Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Help Request' });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await toastSays(page, 'Please fill in all required fields');
    // Each missing field is marked on the field, its message read out with it; choosing clears the mark.
    expect(await dialog.getByLabel('System / Program').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Priority').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Comment / Concern').and(page.locator('[aria-invalid="true"]')).waitFor();
    await dialog.getByText('Choose the system or program this is about').waitFor();
    await screenshot(page, 'help-request-dialog-missing-1366');
    await dialog.getByLabel('System / Program').selectOption('Lion Share / Matching');
    expect(await dialog.getByLabel('System / Program').getAttribute('aria-invalid')).toBeNull();
    await dialog.getByLabel('Priority').selectOption('High');
    await dialog.getByLabel('Comment / Concern').fill('Too short to help');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await toastSays(page, 'Please provide more detail (at least 20 characters)');
    await dialog.getByLabel('Comment / Concern').fill(CONCERN);
    await dialog.getByLabel('Attachments').setInputFiles([fileOf('huge.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20))]);
    await toastSays(page, 'huge.pdf exceeds 10MB limit');
    await dialog.getByLabel('Attachments').setInputFiles([fileOf('receipt.pdf', 'application/pdf', PDF), fileOf('fake.pdf', 'application/pdf', ELF)]);
    await dialog.getByRole('list', { name: 'Files to attach' }).getByText('fake.pdf').waitFor();
    await dialog.getByText('2 files chosen').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'help-request-dialog-1366');
    // The .pdf that is really an executable is refused by the server; the receipt goes through.
    allowConsoleMessage(page, /status of 415/);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await toastSays(page, 'Failed to upload fake.pdf');
    await toastSays(page, 'Your request about Lion Share / Matching (High priority) has been sent to the support team');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('my-tickets').getByRole('row').filter({ hasText: 'Lion Share / Matching' });
    await row.getByText('To Do').waitFor();
    // The toast's link opens the request just sent.
    await page.getByRole('button', { name: 'View it in My Tickets' }).click();
    const sent = page.getByRole('dialog', { name: 'Ticket Details' });
    await sent.getByText(CONCERN).waitFor();
    await page.keyboard.press('Escape');
    await sent.waitFor({ state: 'detached' });

    const admin = await signedInOn(await freshAdmin(), '/help-requests');
    await admin.page.getByRole('heading', { name: 'Help Requests Dashboard', level: 1 }).waitFor();
    await admin.page.getByLabel('Priority').selectOption('High');
    await admin.page.getByLabel('Status').selectOption('To Do');
    const adminRow = admin.page.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email });
    await adminRow.getByRole('button', { name: 'View' }).click();
    const details = admin.page.getByRole('dialog', { name: 'Help Request Details' });
    await details.getByText(CONCERN).waitFor();
    await details.getByRole('list', { name: 'Attached files' }).getByText('receipt.pdf').waitFor();
    expect(await details.getByText('fake.pdf').count()).toBe(0);
    await details.getByLabel('Status Update Comment (optional)').fill('Checking the receipt with the vendor');
    await details.getByLabel('Status', { exact: true }).selectOption('In Progress');
    await toastSays(admin.page, 'Request marked as In Progress');
    expect(await details.getByLabel('Status Update Comment (optional)').inputValue()).toBe('');
    expect(await details.getByLabel('Admin Notes (the agent sees these)').inputValue()).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d E[SD]T\] Status changed to "In Progress": Checking the receipt with the vendor$/,
    );
    expect(await checkPage(admin.page)).toEqual([]);
    await screenshot(admin.page, 'help-request-details-1366');
    const notes = details.getByLabel('Admin Notes (the agent sees these)');
    await notes.fill(`${await notes.inputValue()}\nCalled the vendor.`);
    await details.getByRole('button', { name: 'Save Notes' }).click();
    await toastSays(admin.page, 'Admin notes updated successfully');

    // The agent's open page hears it: the list reloads and says so.
    await toastSays(page, 'Ticket Updated');
    await row.getByText('In Progress').waitFor();
    expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await row.getByRole('button', { name: /^View/ }).click();
    const ticket = page.getByRole('dialog', { name: 'Ticket Details' });
    await ticket.getByText('Admin Updates & Notes').waitFor();
    await ticket
      .getByTestId('ticket-admin-notes')
      .getByText('Status changed to "In Progress": Checking the receipt with the vendor', { exact: false })
      .waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'ticket-details-1366');

    // The page asks the server whether its user is an admin when it opens; a check that fails says so and goes home.
    await admin.page.goto('/dashboard');
    await admin.page.getByRole('link', { name: 'Help Requests' }).first().waitFor();
    await admin.page.route('**/api/auth/session', (route) => route.abort());
    allowConsoleMessage(admin.page, /ERR_FAILED|Failed to load resource/);
    await admin.page.getByRole('link', { name: 'Help Requests' }).first().click();
    await toastSays(admin.page, 'Failed to verify admin status');
    await admin.page.waitForURL((url) => url.pathname === '/');
    await admin.page.unroute('**/api/auth/session');
    // An agent who follows a link to the dashboard is refused in the spec's words.
    await page.goto('/help-requests');
    await toastSays(page, "Access Denied: You don't have permission to view this page");
    await page.waitForURL((url) => url.pathname === '/');
    await agent.close();
    await admin.close();
  });

  it('lets the agent delete a To Do ticket after the Delete Ticket question, and fits a phone', async () => {
    const account = await freshAgent('support-phone');
    const agent = await signedInOn(account, '/my-tickets', PHONE);
    const { page } = agent;
    await page.getByText('No tickets found').waitFor();
    expect((await submitTicket(agent.client, { systemProgram: 'General', priority: 'Low', concern: CONCERN })).status).toBe(201);
    // On a phone each ticket is a card: nothing scrolls sideways and its buttons are in view.
    const row = page.getByTestId('my-tickets-cards').getByRole('listitem').filter({ hasText: 'General' });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const view = await row.getByRole('button', { name: /^View/ }).boundingBox();
    expect(view!.x + view!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'my-tickets-390');
    await row.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Ticket' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, 'Ticket deleted successfully');
    await page.getByText('No tickets found').waitFor();
    // The public pages' header opens the same dialog.
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Get Help' }).click();
    await page.getByRole('dialog', { name: 'Submit Help Request' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'help-request-from-header-390');

    const admin = await signedInOn(await freshAdmin(), '/help-requests', PHONE);
    await admin.page.getByRole('heading', { name: 'Help Requests Dashboard', level: 1 }).waitFor();
    await admin.page.getByTestId('help-requests-grid').getByRole('row').nth(1).waitFor();
    expect(await checkPage(admin.page)).toEqual([]);
    await screenshot(admin.page, 'help-requests-390');
    await admin.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await admin.page.getByTestId('sidebar-mobile').getByRole('button', { name: 'Submit Help Request' }).click();
    await admin.page.getByRole('dialog', { name: 'Submit Help Request' }).waitFor();
    await screenshot(admin.page, 'help-request-dialog-390');
    await agent.close();
    await admin.close();
  });
});

describe('reporting a problem with an item of the agent’s money side', () => {
  const ABOUT_ENTRY = 'The test credit shows in my history but I never asked for it.';

  it('opens a help request from a wallet entry, and shows the admin that entry explained with its chain checked', async () => {
    const agent = await signedInOn(await freshAgent('support-report'), '/my-tickets');
    const { page, client } = agent;
    const userId = ((await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } }).user.id;
    const demoAdmin = await signedInClient('admin@portal.test');
    const credited = await demoAdmin.request('POST', `/api/admin/wallets/${userId}/test-credit`, { amountCents: 2_500 }, { 'idempotency-key': randomUUID() });
    expect(credited.status).toBe(200);
    await expect.poll(async () => ((await (await client.request('GET', '/api/wallet/ledger')).json()) as { entries: unknown[] }).entries.length).toBe(1);
    await page.goto('/wallet');
    const entry = page.getByTestId('ledger-row').filter({ hasText: '+$25.00' });
    await entry.getByRole('button', { name: 'Report a problem' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'wallet-reportable-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'wallet-reportable-390');
    await page.setViewportSize(DESKTOP);
    await entry.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Help Request' });
    const about = dialog.getByTestId('help-request-about');
    await about.getByText(/^About: Test credit \(testing page\), \+\$25\.00, .+ E[SD]T$/).waitFor();
    // Removed, the request is about nothing in particular; the entry's flag names it again.
    await about.getByRole('button', { name: 'Remove the item this request is about' }).click();
    await about.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await entry.getByRole('button', { name: 'Report a problem' }).click();
    await about.waitFor();
    await dialog.getByLabel('System / Program').selectOption('General');
    await dialog.getByLabel('Priority').selectOption('Med');
    await dialog.getByLabel('Comment / Concern').fill(ABOUT_ENTRY);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'report-problem-dialog-1366');
    await page.setViewportSize(PHONE);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'report-problem-dialog-390');
    // An item that is not the agent's (here the request is changed on its way) is refused in the server's words, like the dialog's other refusals.
    await page.route('**/api/support/tickets', (route) =>
      route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), reference: { kind: 'wallet-entry', id: '999999' } }) }),
    );
    allowConsoleMessage(page, /status of 404/);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await toastSays(page, 'That item is not in your account.');
    await page.unroute('**/api/support/tickets');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await page
      .getByText(/^Your request about .* has been sent to the support team$/)
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize(DESKTOP);
    await page.goto('/my-tickets');
    const row = page.getByTestId('my-tickets').getByRole('row').filter({ hasText: 'General' });
    await row.getByTestId('ticket-about').getByText('Test credit (testing page), +$25.00', { exact: false }).waitFor();
    await screenshot(page, 'my-tickets-about-1366');
    await row.getByRole('button', { name: /^View/ }).click();
    await page.getByRole('dialog', { name: 'Ticket Details' }).getByTestId('ticket-about').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'ticket-about-1366');

    const admin = await signedInOn(await freshAdmin(), '/help-requests');
    const dashboard = admin.page;
    await dashboard.getByRole('heading', { name: 'Help Requests Dashboard', level: 1 }).waitFor();
    await dashboard.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: 'View' }).click();
    const details = dashboard.getByRole('dialog', { name: 'Help Request Details' });
    const item = details.getByRole('region', { name: 'About this item' });
    await item.getByText('#1 · Test credit').waitFor();
    await item.getByText('Test credit (testing page)', { exact: true }).waitFor();
    await item.getByText('+$25.00', { exact: true }).waitFor();
    expect(await item.getByTestId('referenced-item').innerText()).toMatch(/\$0\.00 →\s*(changed to\s*)?\$25\.00/);
    await item.getByText('Chain verified up to entry 1').waitFor();
    expect(await checkPage(dashboard)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await screenshot(dashboard, 'help-request-about-item-1366');
    await dashboard.setViewportSize(PHONE);
    expect(await checkPage(dashboard)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await screenshot(dashboard, 'help-request-about-item-390');
    // A credit took nothing from the wallet: there is nothing to refund.
    await item.getByText('Nothing to refund here: this entry took no money for a purchase or charge.').waitFor();

    // A charge reported from the wallet: the admin refunds part of it from the request, after confirming.
    await dashboard.setViewportSize(DESKTOP);
    const debited = await demoAdmin.request(
      'POST',
      `/api/admin/wallets/${userId}/adjustments`,
      { direction: 'debit', amountCents: 500, reason: 'Manual lead fee' },
      { 'idempotency-key': randomUUID() },
    );
    expect(debited.status).toBe(200);
    await expect.poll(async () => ((await (await client.request('GET', '/api/wallet/ledger')).json()) as { entries: unknown[] }).entries.length).toBe(2);
    const aboutCharge = await submitTicket(client, {
      systemProgram: 'General',
      priority: 'High',
      concern: 'I was charged a manual fee twice this week, please check.',
      reference: { kind: 'wallet-entry', id: '2' },
    });
    const { ticketId } = (await aboutCharge.json()) as { ticketId: string };
    await dashboard.goto(`/help-requests?request=${ticketId}`);
    const refund = details.getByRole('region', { name: 'About this item' }).getByTestId('entry-refund');
    await refund.getByText('Refunded from requests: $0.00 of $5.00').waitFor();
    expect(await refund.getByLabel('Amount ($)').inputValue()).toBe('5.00');
    await refund.getByLabel('Amount ($)').fill('6');
    await refund.getByRole('button', { name: 'Refund to the wallet' }).click();
    await refund.getByText('At most $5.00 is left to refund').waitFor();
    await refund.getByText('Give a reason of at least 3 characters').waitFor();
    await refund.getByLabel('Amount ($)').fill('2');
    await refund.getByLabel('Reason').fill('Charged twice');
    await refund.getByRole('button', { name: 'Refund to the wallet' }).click();
    const confirm = dashboard.getByRole('dialog', { name: 'Refund to the agent’s wallet?' });
    await confirm.getByText('$2.00 goes back to the agent’s wallet now', { exact: false }).waitFor();
    expect(await checkPage(dashboard)).toEqual([]);
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
    await toastSays(dashboard, '$2.00 is back in the agent’s wallet.');
    await refund.getByText('Refunded from requests: $2.00 of $5.00').waitFor();
    await expect.poll(() => refund.getByLabel('Amount ($)').inputValue()).toBe('3.00');
    await details.getByText('Timeline', { exact: true }).click();
    await details.getByText("Refund from this request: $2.00 of entry #2 back to the agent's wallet: Charged twice").waitFor();
    await refund.scrollIntoViewIfNeeded();
    expect(await checkPage(dashboard)).toEqual([]);
    await screenshot(dashboard, 'help-request-refund-1366');
    await dashboard.setViewportSize(PHONE);
    await refund.scrollIntoViewIfNeeded();
    await screenshot(dashboard, 'help-request-refund-390');
    await expect.poll(async () => ((await (await client.request('GET', '/api/wallet')).json()) as { availableCents: number }).availableCents).toBe(2_200);
    await agent.close();
    await admin.close();
  });
});

describe('a lead return started from a help request', () => {
  it('starts the return of the lead a request is about, shows it pending and in the timeline, and Lead Returns links back to the request', async () => {
    const agent = await supportAgent('support-return');
    const demoAdmin = await signedInClient('admin@portal.test');
    // Vermont: no other browser test's campaign buys there, so this campaign gets the lead.
    const campaign = await fundedCampaign(portalUrl(), demoAdmin, agent, {
      vendor: `Return Vendor ${randomUUID().slice(0, 6)}`,
      creditCents: 10_000,
      campaign: { name: 'Return VT', tier: 'exclusive', budgetCents: 5_000, targeting: { states: ['VT'] } },
    });
    const posted = await campaign.postLeads({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: `+1802555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      email: null,
      state: 'VT',
      zip: zipOf('VT'),
      dateOfBirth: '1956-12-09',
      tier: 'exclusive',
      consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
    });
    expect(posted.status).toBe(201);
    let leadId = '';
    await expect
      .poll(async () => {
        leadId = ((await (await agent.client.request('GET', '/api/leads')).json()) as { leads: { leadId: string }[] }).leads[0]?.leadId ?? '';
        return leadId;
      })
      .not.toBe('');
    const reported = await submitTicket(agent.client, {
      systemProgram: 'General',
      priority: 'Med',
      concern: 'Every number on this lead is disconnected; please take it back.',
      reference: { kind: 'lead', id: leadId },
    });
    expect(reported.status).toBe(201);

    const admin = await signedInOn(await freshAdmin(), '/help-requests');
    const { page } = admin;
    await page.getByRole('heading', { name: 'Help Requests Dashboard', level: 1 }).waitFor();
    await page.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'Help Request Details' });
    const item = details.getByRole('region', { name: 'About this item' });
    await item.getByText('Grace Hopper', { exact: false }).first().waitFor();
    await item.getByText('Not returned', { exact: true }).waitFor();
    const start = item.getByRole('button', { name: 'Start the return' });
    await start.click();
    await item.getByRole('alert').getByText('Choose why the lead is returned.').waitFor();
    await item.getByLabel('Return reason').selectOption({ label: 'Bad phone numbers' });
    await item.getByLabel('Return comment (optional)').fill('Every number is disconnected');
    expect(await checkPage(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'help-request-start-return-1366');
    await page.setViewportSize(PHONE);
    expect(await checkPage(page)).toEqual([]);
    await item.getByRole('button', { name: 'Start the return' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'help-request-start-return-390');
    await page.setViewportSize(DESKTOP);
    // A refusal is shown in the server's words (here the reason is changed on its way).
    await page.route('**/lead-return', (route) =>
      route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), reason: 'no_such_reason' }) }),
    );
    allowConsoleMessage(page, /status of 400/);
    await start.click();
    await item.getByRole('alert').getByText('Choose why you are returning this lead.').waitFor();
    await page.unroute('**/lead-return');
    await start.click();
    await toastSays(page, 'Return started');
    await item.getByText(/^Return pending, asked /).waitFor();
    await item.getByText('Bad phone numbers: “Every number is disconnected”').waitFor();
    expect(await start.count()).toBe(0);
    await details.getByText('Timeline', { exact: true }).click();
    await details
      .getByRole('list', { name: 'Timeline entries' })
      .getByText(/^Lead return started from this request \(\$\d+\.\d\d\): Bad phone numbers$/)
      .waitFor({ timeout: 15_000 });
    await details.getByRole('list', { name: 'Timeline entries' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'help-request-return-timeline-1366');
    expect(await checkPage(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'help-request-return-pending-1366');
    await page.setViewportSize(PHONE);
    expect(await checkPage(page)).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'help-request-return-pending-390');

    // The returns queue names the request the return was started from and opens it.
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/lead-returns');
    await page.getByRole('heading', { name: 'Lead Returns', level: 1 }).waitFor();
    const row = page.getByTestId('lead-returns-grid').getByRole('row').filter({ hasText: agent.email });
    await row.getByRole('link', { name: 'Help request' }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'lead-returns-help-request-1366');
    await page.setViewportSize(PHONE);
    const card = page.getByTestId('lead-returns-cards').getByRole('listitem').filter({ hasText: agent.email });
    await card.getByRole('link', { name: 'Help request' }).scrollIntoViewIfNeeded();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'lead-returns-help-request-390');
    await page.setViewportSize(DESKTOP);
    await row.getByRole('link', { name: 'Help request' }).click();
    await page.waitForURL(/\/help-requests\?request=[0-9a-f-]{36}$/);
    await details.getByText('Every number on this lead is disconnected; please take it back.').waitFor();
    await item.getByText(/^Return pending, asked /).waitFor();
    expect(await checkPage(page)).toEqual([]);
    // Closed, the link's request is not opened again by a reload.
    await details.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL(/\/help-requests$/);
    await admin.close();
  });
});

describe('the support conversation in the browser', () => {
  const NOTE = 'Vendor says the batch failed; refund likely, do not promise yet.';
  const QUESTION = 'Which campaign were the leads for? Please send the invoice too.';
  const ANSWER = 'Campaign “Spring Medicare”; the invoice is attached.';

  it('assigns a request, keeps an internal note from the agent, asks the agent, and shows their answer with its file and the whole timeline', async () => {
    const agent = await signedInOn(await freshAgent('support-talk'), '/my-tickets');
    const { page } = agent;
    expect((await submitTicket(agent.client, { systemProgram: 'Spiff / Contest', priority: 'Med', concern: CONCERN })).status).toBe(201);
    const row = page.getByTestId('my-tickets').getByRole('row').filter({ hasText: 'Spiff / Contest' });
    await row.getByRole('button', { name: /^View/ }).click();
    const ticket = page.getByRole('dialog', { name: 'Ticket Details' });
    await ticket.getByText('No messages yet.').waitFor();
    await ticket
      .getByTestId('ticket-sla')
      .getByText(/^Expected resolution: .+ \(business hours\)$/)
      .waitFor();

    const adminAccount = await freshAdmin();
    const admin = await signedInOn(adminAccount, '/help-requests');
    const dashboard = admin.page;
    await dashboard.getByRole('heading', { name: 'Help Requests Dashboard', level: 1 }).waitFor();
    // The views are one radio group: the arrow keys move between them.
    await dashboard.getByRole('radio', { name: 'All' }).focus();
    await dashboard.keyboard.press('ArrowRight');
    expect(await dashboard.getByRole('radio', { name: 'Mine' }).isChecked()).toBe(true);
    await dashboard.getByTestId('help-requests-empty').waitFor();
    await screenshot(dashboard, 'help-requests-mine-empty-1366');
    await dashboard.getByRole('radio', { name: 'Unassigned' }).check();
    const unassignedRow = dashboard.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email });
    await unassignedRow.getByText('First response').waitFor();
    await unassignedRow.getByRole('button', { name: 'View' }).click();
    const { assignees } = (await (await admin.client.request('GET', '/api/admin/help-requests/assignees')).json()) as {
      assignees: { email: string; displayName: string | null }[];
    };
    const me = assignees.find((assignee) => assignee.email === adminAccount.email)!;
    const myName = me.displayName ?? me.email;
    let details = dashboard.getByRole('dialog', { name: 'Help Request Details' });
    await details.getByRole('button', { name: 'Assign to me' }).click();
    await toastSays(dashboard, `Assigned to ${myName}`);
    expect(await details.getByRole('button', { name: 'Assign to me' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).first().click();
    await details.waitFor({ state: 'detached' });

    await dashboard.getByRole('radio', { name: 'Mine' }).check();
    const mineRow = dashboard.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email });
    await mineRow.getByText(myName).waitFor();
    expect(await checkPage(dashboard)).toEqual([]);
    await screenshot(dashboard, 'help-requests-mine-1366');
    await mineRow.getByRole('button', { name: 'View' }).click();
    details = dashboard.getByRole('dialog', { name: 'Help Request Details' });
    expect(await details.getByLabel('Assigned to').inputValue()).not.toBe('');

    await details.getByRole('radio', { name: 'Internal note' }).check();
    await details.getByLabel('Internal note (agents never see this)').fill(NOTE);
    await details.getByRole('button', { name: 'Add internal note' }).click();
    const thread = details.getByTestId('ticket-thread');
    await thread.getByRole('listitem').filter({ hasText: NOTE }).getByText('Internal note — agents never see this').waitFor();
    await details.getByRole('radio', { name: 'Reply to agent' }).check();
    await details.getByLabel('Reply to the agent').fill(QUESTION);
    await details.getByLabel('Ask the agent (pauses the SLA clocks)').check();
    await details.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByText(QUESTION).waitFor();

    // The agent's open dialog hears the reply; the note never reaches their page.
    await ticket.getByTestId('ticket-thread').getByText(QUESTION).waitFor();
    await ticket.getByTestId('waiting-badge').waitFor();
    await ticket.getByText(/^Expected resolution: on hold until you reply \(.+ in business hours\)$/).waitFor();
    expect(await page.content()).not.toContain(NOTE);
    await screenshot(page, 'ticket-waiting-1366');
    await ticket.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Waiting for your reply').waitFor();
    await screenshot(page, 'my-tickets-waiting-1366');
    await row.getByRole('button', { name: /^View/ }).click();
    allowConsoleMessage(page, /status of 400/);
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await toastSays(page, 'Write the reply first');
    await ticket.getByLabel('Your reply').fill(ANSWER);
    await ticket.getByLabel('Attach files to the reply').setInputFiles([fileOf('invoice.pdf', 'application/pdf', PDF)]);
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await toastSays(page, 'The support team will read it');
    const answer = ticket.getByTestId('ticket-thread').getByRole('listitem').filter({ hasText: ANSWER });
    await answer.getByText('You', { exact: true }).waitFor();
    await answer.getByRole('button', { name: 'Download invoice.pdf' }).waitFor();
    await ticket.getByTestId('waiting-badge').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(NOTE);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'ticket-conversation-1366');

    // The assigned admin's open dialog hears the answer; its file follows it without a notice of its own, so a refresh brings it.
    await thread.getByText(ANSWER).waitFor();
    await details.getByRole('button', { name: 'Refresh conversation' }).click();
    await thread.getByRole('listitem').filter({ hasText: ANSWER }).getByRole('button', { name: 'Download invoice.pdf' }).waitFor();
    await details.getByText('Timeline', { exact: true }).click();
    const timeline = details.getByRole('list', { name: 'Timeline entries' });
    for (const summary of [
      'Assigned',
      `Internal note: “${NOTE}”`,
      `Replied, asking the agent: “${QUESTION}”`,
      `The agent replied: “${ANSWER}”`,
      'Attached invoice.pdf',
    ])
      await timeline
        .getByText(summary, { exact: summary === 'Assigned' })
        .first()
        .waitFor();
    await timeline.getByText('paused (waiting on the agent)').first().waitFor();
    expect(await checkPage(dashboard)).toEqual([]);
    const shoot = async (size: string) => {
      await details.evaluate((element) => element.scrollTo(0, 0));
      await screenshot(dashboard, `help-request-details-top-${size}`);
      await thread.evaluate((element) => element.scrollIntoView());
      await screenshot(dashboard, `help-request-conversation-${size}`);
      await details.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await screenshot(dashboard, `help-request-timeline-${size}`);
    };
    await shoot('1366');
    await dashboard.setViewportSize(PHONE);
    expect(await checkPage(dashboard)).toEqual([]);
    await shoot('390');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await screenshot(dashboard, 'help-requests-mine-390');
    await page.setViewportSize(PHONE);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'ticket-conversation-390');
    await ticket.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshot(page, 'ticket-conversation-end-390');

    // Search: the admin finds the request by its internal note; the agent by the reply, never by the note.
    await dashboard.getByLabel('Search help requests').fill('"batch failed"');
    await dashboard.getByTestId('help-requests-grid').getByRole('row').filter({ hasText: agent.email }).waitFor();
    await dashboard.getByLabel('Search help requests').fill(`nothing-like-${Date.now()}`);
    await dashboard.getByTestId('help-requests-empty').waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Search your tickets').fill('Spring Medicare');
    // On the phone the ticket is a card.
    await page.getByTestId('my-tickets-cards').getByRole('listitem').filter({ hasText: 'Spiff / Contest' }).waitFor();
    await page.getByLabel('Search your tickets').fill('"batch failed"');
    await page.getByTestId('tickets-empty').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await agent.close();
    await admin.close();
  });
});
