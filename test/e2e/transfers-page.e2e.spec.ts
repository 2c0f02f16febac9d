import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { freshAgent, openWithAccessCode, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
let admin: ApiClient;
/** Other tests (the sign-up leader list) expect the seeded SAT leaders only: the leaders made here step down at the end. */
const madeLeaders: string[] = [];
afterAll(async () => {
  for (const id of madeLeaders) await admin.request('PUT', `/api/admin/users/${id}/sat-leader`, { satLeader: false });
});
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInClient('admin@portal.test');
});
afterAll(async () => browser?.close());

async function userId(email: string): Promise<string> {
  const { users } = (await (await admin.request('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { users: { id: string }[] };
  return users[0]!.id;
}

/** A fresh SAT leader (marked by the demo admin) and a fresh agent who chose them, funded with test credit. */
async function team(creditCents: number): Promise<{ leader: TestAccount; agent: TestAccount; leaderId: string; agentId: string }> {
  const [leader, agent] = await Promise.all([freshAgent('leader'), freshAgent('agent')]);
  const [leaderId, agentId] = await Promise.all([userId(leader.email), userId(agent.email)]);
  expect((await admin.request('PUT', `/api/admin/users/${leaderId}/sat-leader`, { satLeader: true })).status).toBe(200);
  madeLeaders.push(leaderId);
  expect((await admin.request('PUT', `/api/admin/users/${agentId}/leader`, { satLeaderId: leaderId })).status).toBe(200);
  const credit = await admin.request('POST', `/api/admin/wallets/${agentId}/test-credit`, { amountCents: creditCents }, { 'idempotency-key': randomUUID() });
  expect(credit.status).toBe(200);
  return { leader, agent, leaderId, agentId };
}

describe('the Transfers page', () => {
  it('puts its heading where the Wallet page puts its own, at 1366 and 390 px (no padding of its own inside the shell)', async () => {
    const { agent } = await team(100);
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      await signInThroughForm(page, agent.email, agent.password);
      await openWithAccessCode(page, '/wallet');
      const place = (name: string) =>
        page.getByRole('heading', { level: 1, name }).evaluate((h) => {
          const box = h.getBoundingClientRect();
          return { x: Math.round(box.x), y: Math.round(box.y), fontSize: getComputedStyle(h).fontSize };
        });
      const wallet = await place('Transaction History');
      await page.goto('/transfers');
      expect(await place('Transfers')).toEqual(wallet);
      await screenshot(page, `transfers-page-${width}`);
      await context.close();
    }
  });

  it('sends money to the agent’s SAT leader from the Send money dialog, and the leader’s wallet holds it', async () => {
    const { leader, agent } = await team(10_000);
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(page, agent.email, agent.password);
    await openWithAccessCode(page, '/transfers');
    await page.getByRole('heading', { level: 1, name: 'Transfers' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Transfers' }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Send money' }).click();
    const dialog = page.getByTestId('send-money-dialog');
    // The transfer rule: an agent sends to their SAT leader. The dialog names the leader and starts with them as the recipient.
    const named = dialog.getByTestId('send-money-sat-leader');
    await named.waitFor();
    expect(await named.innerText()).toMatch(new RegExp(`^Your SAT leader: (.+ \\()?${leader.email.replace(/[.]/g, '\\.')}\\)?$`));
    expect(await dialog.getByLabel('Recipient email').inputValue()).toBe(leader.email);
    await dialog.getByLabel('Amount (USD)').fill('25.50');
    await dialog.getByLabel('Description (optional)').fill('Thanks for the leads');
    await screenshot(page, 'transfers-send-dialog-1366');
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await page
      .locator('[data-variant="default"]', { hasText: 'Transfer Sent' })
      .filter({ hasText: `You sent $25.50 to ${leader.email}.` })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const sent = page.getByTestId('transfers-sent');
    await sent.getByText(`To ${leader.email}`).waitFor();
    expect(await sent.getByText('−$25.50').count()).toBe(1);
    await page.getByText('Available after your last transfer: $74.50').waitFor();
    await screenshot(page, 'transfers-page-1366');

    // The leader's wallet: it holds exactly the $25.50, which the leader can send back to the agent (who chose them) and no cent more.
    const leaderClient = await signedInClient(leader.email, leader.password);
    const wallet = await leaderClient.request('GET', '/api/wallet');
    if (wallet.status === 200) expect(((await wallet.json()) as { availableCents: number }).availableCents).toBe(2_550);
    const back = await leaderClient.request(
      'POST',
      '/api/wallet/transfers',
      { amountCents: 2_550, recipientEmail: agent.email },
      { 'idempotency-key': randomUUID() },
    );
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: 'completed', availableCents: 0 });
    const more = await leaderClient.request(
      'POST',
      '/api/wallet/transfers',
      { amountCents: 1, recipientEmail: agent.email },
      { 'idempotency-key': randomUUID() },
    );
    expect(await more.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    // The leader's side: the agent who chose them is offered as a recipient, and nobody else's agents.
    const leaderRecipients = (await (await leaderClient.request('GET', '/api/wallet/transfers/recipients')).json()) as { agents: { email: string }[] };
    expect(leaderRecipients.agents.map((recipient) => recipient.email)).toEqual([agent.email]);
    await context.close();
  });

  it('shows the server’s refusals: someone outside the agent’s line, an unknown address, more than the balance', async () => {
    const { leader, agent } = await team(1_000);
    const stranger = await freshAgent('stranger');
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInThroughForm(page, agent.email, agent.password);
    await openWithAccessCode(page, '/transfers');
    await page.getByRole('button', { name: 'Send money' }).click();
    const dialog = page.getByTestId('send-money-dialog');
    await dialog.getByTestId('send-money-sat-leader').waitFor();
    await dialog.getByLabel('Recipient email').fill('');

    await dialog.getByRole('button', { name: 'Send money' }).click();
    await dialog.getByText('Amount must be between $0.01 and $2,000.00, your daily transfer limit (at most 2 decimals)').waitFor();
    await dialog.getByLabel('Amount (USD)').fill('2000.01');
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await dialog.getByText('Amount must be between $0.01 and $2,000.00, your daily transfer limit (at most 2 decimals)').waitFor();
    await dialog.getByText('Please enter the recipient’s e-mail address').waitFor();

    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByLabel('Recipient email').fill(stranger.email);
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await dialog.getByText(`You can send money only to your SAT leader (${leader.email}) or to agents who chose you as their SAT leader.`).waitFor();
    await screenshot(page, 'transfers-refused-390');

    await dialog.getByLabel('Recipient email').fill(`nobody-${randomUUID().slice(0, 8)}@agents.test`);
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await dialog.getByText('No agent has this e-mail address.').waitFor();

    await dialog.getByLabel('Amount (USD)').fill('10.01');
    await dialog.getByLabel('Recipient email').fill(leader.email);
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await dialog.getByText("You don't have enough balance for this transfer").waitFor();

    await dialog.getByLabel('Amount (USD)').fill('10');
    await dialog.getByRole('button', { name: 'Send money' }).click();
    await page
      .locator('[data-variant="default"]', { hasText: 'Transfer Sent' })
      .filter({ hasText: `You sent $10.00 to ${leader.email}.` })
      .waitFor();
    await page.getByTestId('transfers-sent').getByText(`To ${leader.email}`).waitFor();
    await screenshot(page, 'transfers-page-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
