import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccessCode, freshAgent, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A fresh agent (or the one given) with elevated access, signed in, on /groups. */
async function agentOnGroups(size = { width: 1366, height: 900 }, given?: TestAccount): Promise<{ page: Page; close: () => Promise<void> }> {
  const account = given ?? (await freshAgent('groups-ui'));
  const client = await signedInClient(account.email, account.password);
  // The code is entered over the API (its own client address), as on the campaigns page test.
  const { code } = await createAccessCode(1, 'groups page');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const { context, page } = await newPage(browser, size);
  await signInThroughForm(page, account.email, account.password);
  await page.goto('/groups');
  await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
  return { page, close: () => context.close() };
}

const toastSays = (page: Page, text: string) => page.getByText(text).first().waitFor();
const row = (page: Page, name: string) => page.getByTestId('group-row').filter({ has: page.getByText(name, { exact: true }) });

async function createGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Group' });
  await dialog.getByLabel('Group name').fill(name);
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, name).waitFor();
}

describe('/groups', () => {
  it('creates, renames, invites into, deletes, exports and imports groups; the invitee accepts on their own /groups', async () => {
    const member = await freshAgent('groups-member');
    const { page, close } = await agentOnGroups();
    await page.getByText('No groups yet').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'groups-empty-1366');

    await createGroup(page, 'Team North');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await page.getByRole('dialog', { name: 'Create Group' }).getByLabel('Group name').fill('team north');
    await page.getByRole('dialog', { name: 'Create Group' }).getByRole('button', { name: 'Create Group' }).click();
    await toastSays(page, 'You already have a group with this name.');
    await page.getByRole('dialog', { name: 'Create Group' }).getByRole('button', { name: 'Cancel' }).click();

    await row(page, 'Team North').getByRole('button', { name: 'Rename Team North' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Group' });
    expect(await rename.getByLabel('Group name').inputValue()).toBe('Team North');
    await rename.getByLabel('Group name').fill('Team South');
    await rename.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Team South').waitFor();
    expect(await row(page, 'Team South').getByRole('cell').nth(1).textContent()).toBe('0');

    await row(page, 'Team South').getByRole('link', { name: 'View Team South' }).click();
    await page.getByRole('heading', { name: 'Group Details', level: 1 }).waitFor();
    const groupId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText(`Group ID: ${groupId}`).waitFor();
    await page.getByText('No members in this group yet').waitFor();
    expect(await checkPage(page)).toEqual([]);

    const invite = async (email: string) => {
      await page.getByRole('button', { name: 'Add Members' }).click();
      const add = page.getByRole('dialog', { name: 'Add Members' });
      await add.getByLabel('Email addresses').fill(email);
      await add.getByRole('button', { name: 'Invite' }).click();
      return add;
    };
    const refused = await invite('not-an-email');
    await toastSays(page, 'Please enter a valid e-mail address');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    // An address nobody has an account with is invited like any other: the page cannot tell them apart.
    await (await invite('nobody-here@agents.test')).waitFor({ state: 'detached' });
    await toastSays(page, 'Invitation Sent');
    await (await invite(member.email)).waitFor({ state: 'detached' });
    const invitation = (email: string) => page.getByTestId('group-invitation').filter({ hasText: email });
    await invitation(member.email).getByText('Invited').waitFor();
    await invitation('nobody-here@agents.test').getByText('Invited').waitFor();
    expect(await page.getByTestId('group-member').count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'group-details-invited-1366');
    await invitation('nobody-here@agents.test').getByRole('button', { name: 'Withdraw the invitation of nobody-here@agents.test' }).click();
    await page.getByRole('dialog', { name: 'Withdraw invitation?' }).getByRole('button', { name: 'Withdraw' }).click();
    await toastSays(page, 'Invitation Withdrawn');
    await invitation('nobody-here@agents.test').waitFor({ state: 'detached' });

    // The invitee finds the invitation on their own /groups and accepts it; the owner's page follows.
    const invitee = await agentOnGroups({ width: 1366, height: 900 }, member);
    // The dashboard's Groups action says one is waiting.
    await invitee.page.goto('/dashboard');
    await invitee.page.getByRole('link', { name: 'Groups 1 invitation' }).click();
    await invitee.page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    const waiting = invitee.page.getByRole('region', { name: 'Group invitations (1)' });
    await waiting.getByText('invited you to Team South').waitFor();
    expect(await checkPage(invitee.page)).toEqual([]);
    await screenshot(invitee.page, 'group-invitations-1366');
    await waiting.getByRole('button', { name: 'Accept Team South' }).click();
    await toastSays(invitee.page, 'Invitation Accepted');
    await invitee.page.getByTestId('group-membership').filter({ hasText: 'Team South' }).waitFor();
    await waiting.waitFor({ state: 'detached' });
    await invitee.close();
    await page.getByTestId('group-member').getByText(member.email).waitFor();
    expect(await page.getByTestId('group-invitation').count()).toBe(0);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'group-details-1366');

    await page.getByRole('link', { name: 'All groups' }).click();
    await row(page, 'Team South').getByRole('cell', { name: '1', exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export' }).click()]);
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(exported.trimEnd().split('\r\n')).toEqual([
      'group name,member name,member email',
      expect.stringMatching(new RegExp(`^Team South,.*,${member.email}$`)),
    ]);

    await row(page, 'Team South').getByRole('button', { name: 'Delete Team South' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete group?' });
    expect(await confirm.getByText('Are you sure you want to delete "Team South"? This action cannot be undone.', { exact: true }).count()).toBe(1);
    expect(await checkPage(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No groups yet').waitFor();

    const importFile = async () => {
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Groups' });
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'groups.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
      await dialog.getByRole('button', { name: 'Import' }).click();
      return page.getByRole('dialog', { name: 'Import Report' });
    };
    const report = await importFile();
    await report.getByText('1 group created, 1 invitation sent, 0 rows not imported.').waitFor();
    await report.getByText('OK: Invited to the group.').waitFor();
    await report.getByText(`Team South · ${member.email}`).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'groups-import-report-1366');
    await report.getByRole('button', { name: 'Done' }).click();
    await row(page, 'Team South').getByText('1 invited').waitFor();
    const again = await importFile();
    await again.getByText('0 groups created, 0 invitations sent, 1 row not imported.').waitFor();
    await again.getByText('Not imported: Already in this group, or invited to it.').waitFor();
    await again.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('group-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Import' }).click();
    const bad = page.getByRole('dialog', { name: 'Import Groups' });
    await bad.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('Team,someone@agents.test\n') });
    await bad.getByRole('button', { name: 'Import' }).click();
    await bad.getByRole('alert').getByText('The first row must name the columns: group name, member email.').waitFor();
    await bad.getByRole('button', { name: 'Cancel' }).click();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'groups-list-1366');
    await close();
  });

  it('follows changes made in another window, on the list and on a group’s page, without a reload', async () => {
    const account = await freshAgent('groups-live');
    const client = await signedInClient(account.email, account.password);
    const { code } = await createAccessCode(1, 'groups realtime');
    expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
    const open = async () => {
      const { context, page } = await newPage(browser, { width: 1366, height: 900 });
      await signInThroughForm(page, account.email, account.password);
      await page.goto('/groups');
      await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
      return { page, close: () => context.close() };
    };
    const [first, second] = [await open(), await open()];
    await second.page.getByText('No groups yet').waitFor();

    await createGroup(first.page, 'Live Team');
    await row(second.page, 'Live Team').waitFor();

    await row(second.page, 'Live Team').getByRole('link', { name: 'View Live Team' }).click();
    await second.page.getByRole('heading', { name: 'Group Details', level: 1 }).waitFor();
    await second.page.getByText('Live Team', { exact: true }).waitFor();
    await second.page.getByText('No members in this group yet').waitFor();
    const member = await freshAgent('groups-live-member');
    // The invitee's open /groups shows the invitation when it is mailed, without a reload.
    const invitee = await agentOnGroups({ width: 1366, height: 900 }, member);
    await invitee.page.getByText('No groups yet').waitFor();
    const groupId = new URL(second.page.url()).pathname.split('/').pop()!;
    expect((await client.request('POST', `/api/groups/${groupId}/members`, { emails: [member.email] })).status).toBe(200);
    await second.page.getByText(member.email).first().waitFor();
    await invitee.page.getByRole('region', { name: 'Group invitations (1)' }).getByText('invited you to Live Team').waitFor();
    await invitee.close();

    expect((await client.request('PATCH', `/api/groups/${groupId}`, { name: 'Live Team Renamed' })).status).toBe(200);
    await second.page.getByText('Live Team Renamed', { exact: true }).waitFor();
    await row(first.page, 'Live Team Renamed').waitFor();
    await first.close();
    await second.close();
  });

  it('shows a not-found state for an unknown group, someone else’s, or an id that is none', async () => {
    const other = await freshAgent('groups-other');
    const otherClient = await signedInClient(other.email, other.password);
    const { groupId } = (await (await otherClient.request('POST', '/api/groups', { name: 'Not yours' })).json()) as { groupId: string };
    const { page, close } = await agentOnGroups();
    for (const id of [randomUUID(), groupId, 'not-a-group']) {
      await page.goto(`/groups/${id}`);
      await page.getByRole('heading', { name: 'Group not found', level: 1 }).waitFor();
      expect(await checkPage(page)).toEqual([]);
    }
    await close();
  });

  it('looks right on a phone', async () => {
    const member = await freshAgent('groups-phone');
    const { page, close } = await agentOnGroups({ width: 390, height: 844 });
    await page.getByText('No groups yet').waitFor();
    await screenshot(page, 'groups-empty-390');
    await createGroup(page, 'Florida Seniors Outreach Team');
    await createGroup(page, 'Texas');
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'groups-list-390');
    await row(page, 'Texas').getByRole('link', { name: 'View Texas' }).click();
    await page.getByText('No members in this group yet').waitFor();
    await screenshot(page, 'group-details-empty-390');
    await page.getByRole('button', { name: 'Add Members' }).click();
    const add = page.getByRole('dialog', { name: 'Add Members' });
    await add.getByLabel('Email addresses').fill(member.email);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'group-add-members-390');
    await add.getByRole('button', { name: 'Invite' }).click();
    await page.getByTestId('group-invitation').getByText(member.email).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'group-details-390');
    await page.getByRole('link', { name: 'All groups' }).click();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Groups' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'groups.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`group name,member email\nTexas,${member.email}\nTexas,nobody-here@agents.test\n,x@agents.test\n`),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('dialog', { name: 'Import Report' }).getByText('0 groups created, 1 invitation sent, 2 rows not imported.').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'groups-import-report-390');
    await close();

    // On the invitee's phone: the invitation, declined; the owner's group then shows nobody.
    const invitee = await agentOnGroups({ width: 390, height: 844 }, member);
    const waiting = invitee.page.getByRole('region', { name: 'Group invitations (1)' });
    await waiting.getByText('invited you to Texas').waitFor();
    expect(await checkPage(invitee.page)).toEqual([]);
    await screenshot(invitee.page, 'group-invitations-390');
    await waiting.getByRole('button', { name: 'Decline Texas' }).click();
    await toastSays(invitee.page, 'Invitation Declined');
    await waiting.waitFor({ state: 'detached' });
    expect(await invitee.page.getByTestId('group-membership').count()).toBe(0);
    await invitee.close();
  });
});
