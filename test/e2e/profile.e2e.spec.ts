import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAdmin, freshAgent, openWithAccessCode, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function onProfile(account: TestAccount, size = DESKTOP, path = '/profile') {
  const { context, page } = await newPage(browser, size);
  await signInThroughForm(page, account.email, account.password);
  await page.goto(path);
  return { page, close: () => context.close() };
}

const toastSays = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const accountCard = (page: Page) => page.getByRole('region', { name: 'Account Info' });
const announcementsCard = (page: Page) => page.getByRole('region', { name: 'Announcements' });

describe('the profile page in the browser', () => {
  it('edits the account information with its toasts, and takes a new picture', async () => {
    const { page, close } = await onProfile(await freshAgent('profile-ui'));
    const card = accountCard(page);
    await card.getByText('Not provided').waitFor();
    await card.getByText('Eastern Time (America/New_York) (organisation default)').waitFor();
    await card.getByText('User', { exact: true }).waitFor();
    for (const button of ['Back', 'View Tickets', 'Submit Ticket', 'Add Balance']) await page.getByRole('button', { name: button }).waitFor();
    expect(await page.getByRole('button', { name: 'Help Requests Dashboard' }).count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    // Submit Ticket opens the help dialog; Add Balance the card dialog of the top bar.
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByRole('dialog', { name: 'Submit Help Request' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Submit Help Request' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await page.getByRole('dialog', { name: 'Add Balance' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Add Balance' }).waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Account Information' });
    await dialog.getByLabel('Display Name').fill('jane quinn public');
    await dialog.getByLabel('Phone').fill('12345');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Enter a valid phone number (US numbers may leave out +1).').waitFor();
    await dialog.getByLabel('Phone').fill('312 555 0123');
    await dialog.getByLabel('Timezone').selectOption('America/Chicago');
    await dialog.getByText('In effect: Central Time (America/Chicago)').waitFor();
    await screenshot(page, 'profile-edit-dialog-1366');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSays(page, 'Profile Updated');
    await toastSays(page, 'Your account information has been saved successfully.');
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('(312) 555-0123').waitFor();
    await card.getByText('Central Time (America/Chicago)', { exact: true }).waitFor();
    await card.getByText('jane quinn public').waitFor();
    expect(await card.getByTestId('avatar-initials').textContent()).toBe('JQ');

    // A failure keeps the dialog open and says so.
    await card.getByRole('button', { name: 'Edit' }).click();
    allowConsoleMessage(page, /status of 500/);
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"code":"X","message":"x"}' })
        : route.fallback(),
    );
    await dialog.getByLabel('Display Name').fill('Someone Else');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastSays(page, 'Update Failed');
    await toastSays(page, 'Unable to update profile. Please try again.');
    expect(await dialog.isVisible()).toBe(true);
    await page.unroute('**/api/profile');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The picture: a photo is taken, a text file is refused by the server.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    await card.getByTestId('avatar-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await toastSays(page, 'Profile picture updated successfully!');
    const image = card.getByTestId('avatar-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    allowConsoleMessage(page, /status of 415/);
    await card.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await toastSays(page, 'Failed to update profile picture. Please try again.');
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'profile-agent-1366');
    await close();

    // Times everywhere now follow the chosen zone: the session says so.
    const phone = await onProfile(await freshAgent('profile-phone'), PHONE);
    await accountCard(phone.page).getByText('Not provided').waitFor();
    await announcementsCard(phone.page).waitFor();
    expect(await checkPage(phone.page)).toEqual([]);
    await screenshot(phone.page, 'profile-agent-390');
    await accountCard(phone.page).getByRole('button', { name: 'Edit' }).click();
    await phone.page.getByRole('dialog', { name: 'Edit Account Information' }).getByText('In effect: Eastern Time (America/New_York)').waitFor();
    expect(await checkPage(phone.page)).toEqual([]);
    await screenshot(phone.page, 'profile-edit-dialog-390');
    await phone.close();
  });

  it('says how the card setup went and clears the query', async () => {
    const account = await freshAgent('profile-setup');
    const { page, close } = await onProfile(account, DESKTOP, '/profile?setup=success');
    await toastSays(page, 'Card Added');
    await toastSays(page, 'Your payment method has been saved successfully.');
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '');
    await page.goto('/profile?setup=cancelled');
    await toastSays(page, 'Setup Cancelled');
    await toastSays(page, 'Card setup was cancelled.');
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '');
    expect(await checkPage(page)).toEqual([]);
    await close();
  });

  it('lets an admin create, edit and delete announcements, which an agent’s open page shows without a reload', async () => {
    const admin = await onProfile(await freshAdmin());
    // This agent chose Honolulu's zone: their page writes every time in it.
    const reader = await freshAgent('profile-news');
    const readerClient = await signedInClient(reader.email, reader.password);
    expect((await readerClient.request('PUT', '/api/profile', { timeZone: 'Pacific/Honolulu' })).status).toBe(200);
    const agent = await onProfile(reader, PHONE);
    await admin.page.getByRole('button', { name: 'Help Requests Dashboard' }).waitFor();
    const agentCard = announcementsCard(agent.page);
    await agentCard.waitFor();
    expect(await agentCard.getByRole('button', { name: 'New' }).count()).toBe(0);

    const adminCard = announcementsCard(admin.page);
    await adminCard.getByRole('button', { name: 'New' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New Announcement' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(admin.page, 'Validation Error');
    await toastSays(admin.page, 'Title and content are required');
    const title = `Open enrolment ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content').fill('Plans change on Nov 1: read https://example.com/enrolment <b>now</b>.');
    await screenshot(admin.page, 'announcement-dialog-1366');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(admin.page, 'Announcement created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The agent's page, open all along, shows it; the link is a link, the markup is text.
    const item = agentCard.getByTestId('announcement').filter({ hasText: title });
    await item.waitFor();
    expect(await item.getByRole('link', { name: 'https://example.com/enrolment' }).getAttribute('href')).toBe('https://example.com/enrolment');
    await item.getByText('<b>now</b>', { exact: false }).waitFor();
    expect(await item.textContent()).toMatch(/\d{1,2}:\d{2} [AP]M HST/);
    expect(await announcementsCard(admin.page).getByTestId('announcement').filter({ hasText: title }).textContent()).toMatch(/\d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(await checkPage(agent.page)).toEqual([]);
    await screenshot(agent.page, 'profile-announcements-390');

    await adminCard.getByRole('button', { name: `Edit announcement ${title}` }).click();
    const editDialog = admin.page.getByRole('dialog', { name: 'Edit Announcement' });
    await editDialog.getByLabel('Title').fill(`${title} (updated)`);
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(admin.page, 'Announcement updated successfully');
    await agentCard.getByText(`${title} (updated)`).waitFor();

    await adminCard.getByRole('button', { name: `Delete announcement ${title} (updated)` }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete announcement' });
    await confirm.getByText('Are you sure you want to delete this announcement?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastSays(admin.page, 'Announcement deleted successfully');
    await agentCard.getByText(`${title} (updated)`).waitFor({ state: 'detached' });
    expect(await checkPage(admin.page)).toEqual([]);
    await screenshot(admin.page, 'profile-admin-1366');
    await admin.close();
    await agent.close();
  });

  it('lets an admin schedule, find and delete announcements on their own admin page, on a phone too', async () => {
    const account = await freshAdmin();
    const desktop = await onProfile(account);
    await openWithAccessCode(desktop.page, '/admin/announcements');
    await desktop.page.getByTestId('sidebar').getByRole('group', { name: 'Admin' }).getByRole('link', { name: 'Announcements' }).waitFor();
    await desktop.page.getByRole('heading', { name: 'Announcements', level: 1 }).waitFor();

    const phone = await onProfile(account, PHONE, '/admin/announcements');
    const page = phone.page;
    await page.getByRole('button', { name: 'New announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Announcement' });
    const title = `Office move ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Content').fill('We move on the 1st.');
    await dialog.getByLabel('Publish from (optional)').fill('2099-01-05T09:00');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(page, 'Announcement created successfully');
    const item = page.getByTestId('admin-announcement').filter({ hasText: title });
    await item.getByText('Scheduled', { exact: true }).waitFor();
    await item.getByText(/From Jan 5, 2099/).waitFor();
    // The desktop page, open all along, lists it without a reload.
    await desktop.page.getByTestId('admin-announcement').filter({ hasText: title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-announcements-390');
    await screenshot(desktop.page, 'admin-announcements-1366');

    await item.getByRole('button', { name: `Delete announcement ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete announcement' }).getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, 'Announcement deleted successfully');
    await item.waitFor({ state: 'detached' });
    await desktop.page.getByTestId('admin-announcement').filter({ hasText: title }).waitFor({ state: 'detached' });
    await desktop.close();
    await phone.close();
  });
});
