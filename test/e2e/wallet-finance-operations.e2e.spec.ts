import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dayIn, DEFAULT_ORG_TIME_ZONE } from '../../src/platform/time/org-time.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { topUpWithDemoCard, VISA } from '../support/portal/demo-top-up.js';
import { freshAdmin, freshAgent, openWithAccessCode, signedInClient, signInThroughForm, type TestAccount } from '../support/portal/portal.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

type Wallet = { availableCents: number; debtCents: number };

let browser: Browser;
let adminAccount: TestAccount;
let admin: ApiClient;
beforeAll(async () => {
  browser = await launchBrowser();
  adminAccount = await freshAdmin();
  admin = await signedInClient(adminAccount.email, adminAccount.password);
});
afterAll(async () => browser?.close());

async function agent(): Promise<{ account: TestAccount; client: ApiClient; userId: string }> {
  const account = await freshAgent('money');
  const client = await signedInClient(account.email, account.password);
  const { user } = (await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } };
  return { account, client, userId: user.id };
}

const wallet = async (client: ApiClient) => (await (await client.request('GET', '/api/wallet')).json()) as Wallet;
const key = () => ({ 'idempotency-key': randomUUID() });

const topUp = topUpWithDemoCard;

describe('finance operations on wallets', () => {
  it('refunds a top-up in part, into debt only when confirmed, never more than was paid, and reconciles the day to the cent', async () => {
    const { client, userId } = await agent();
    const paymentId = await topUp(client, 5_000);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 5_000 });
    const refund = (body: Record<string, unknown>, as: ApiClient = admin) =>
      as.request('POST', `/api/admin/wallets/${userId}/refunds`, { paymentId, ...body }, key());

    expect((await refund({ amountCents: 2_000 }, client)).status).toBe(403);
    expect((await admin.request('POST', `/api/admin/wallets/${userId}/refunds`, { paymentId, amountCents: 100 })).status).toBe(400);
    const first = await refund({ amountCents: 2_000 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ availableCents: 3_000, debtCents: 0, refundId: expect.any(String) });

    // The wallet spends most of what is left; a refund of $20 would then leave the agent owing $15.
    expect(
      (
        await admin.request(
          'POST',
          `/api/admin/wallets/${userId}/adjustments`,
          { direction: 'debit', amountCents: 2_500, reason: 'Lead dispute settled by phone' },
          key(),
        )
      ).status,
    ).toBe(200);
    const unconfirmed = await refund({ amountCents: 2_000 });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: 'REFUND_NEEDS_DEBT', message: expect.stringContaining('owing $15.00') });
    const confirmed = await refund({ amountCents: 2_000, confirmDebt: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ availableCents: 0, debtCents: 1_500 });
    const tooMuch = await refund({ amountCents: 1_001, confirmDebt: true });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 0, debtCents: 1_500 });

    // The chain still verifies and the ledger's accounts still sum to zero.
    expect(await (await admin.request('GET', `/api/finance/wallets/${userId}/verify`)).json()).toMatchObject({ verified: true });
    expect(await (await admin.request('GET', '/api/finance/accounts')).json()).toMatchObject({ totalCents: 0 });

    // The provider's records of the day match the ledger's card postings to the cent.
    const { entries } = (await (await client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string; occurredAt: string }[] };
    const day = dayIn(new Date(entries.find((e) => e.type === 'FundsDeposited')!.occurredAt), DEFAULT_ORG_TIME_ZONE);
    const run = await admin.request('POST', `/api/finance/reconciliation/${day}`);
    expect(run.status).toBe(200);
    const report = (await run.json()) as { lines: { status: string; kind: string; paymentId: string | null; ledgerCents: number; providerCents: number }[] };
    const ours = report.lines.filter((line) => line.paymentId === paymentId);
    expect(ours.map((l) => [l.kind, l.status, l.ledgerCents, l.providerCents])).toEqual([
      ['payment', 'matched', 5_000, 5_000],
      ['refund', 'matched', -2_000, -2_000],
      ['refund', 'matched', -2_000, -2_000],
    ]);
    const csv = await admin.request('GET', `/api/finance/reconciliation/${day}/csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe('line,time (America/New_York),status,kind,reference,payment,agent,ledger (USD),provider (USD)');
    expect(text).toContain(`${paymentId}`);
    expect((await client.request('GET', `/api/finance/reconciliation/${day}`)).status).toBe(403);
  });

  it('takes disputed money back from the wallet and returns it when the dispute is won, however the webhooks arrive', async () => {
    const { client, userId } = await agent();
    expect((await admin.request('POST', `/api/admin/wallets/${userId}/test-credit`, { amountCents: 1_000 }, key())).status).toBe(200);
    const paymentId = await topUp(client, 5_000, { ...VISA, number: '4000 0000 0000 0259' });
    // The bank disputes the payment right after it: the wallet gives the $50 back, keeping the $10 it had.
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 1_000, debtCents: 0 });
    const { entries } = (await (await client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string; cause: { id: string } }[] };
    const disputeId = entries.find((e) => e.type === 'DisputeOpened')!.cause.id;
    expect(disputeId).toBe(`dp_demo_${paymentId.slice('pi_demo_'.length)}`);
    expect((await client.request('POST', `/api/admin/demo-pay/disputes/${disputeId}/close`, { outcome: 'won' })).status).toBe(403);
    const won = await admin.request('POST', `/api/admin/demo-pay/disputes/${disputeId}/close`, { outcome: 'won' });
    expect(won.status).toBe(200);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 6_000 });
    expect((await admin.request('POST', `/api/admin/demo-pay/disputes/${disputeId}/close`, { outcome: 'lost' })).status).toBe(409);
    // Withdrawal and reversal reconcile against the provider's records.
    const day = dayIn(new Date(), DEFAULT_ORG_TIME_ZONE);
    const report = (await (await admin.request('POST', `/api/finance/reconciliation/${day}`)).json()) as {
      lines: { kind: string; status: string; reference: string }[];
    };
    expect(report.lines.filter((l) => l.reference === disputeId).map((l) => [l.kind, l.status])).toEqual([
      ['dispute', 'matched'],
      ['dispute_reversal', 'matched'],
    ]);
  });

  it('charges the saved card when the balance falls below the threshold, from settings saved on /payment-methods', async () => {
    const { account, client, userId } = await agent();
    const setup = (await (await client.request('POST', '/api/payments/setup')).json()) as { url: string };
    expect(await (await client.request('POST', `/api/demo-pay/sessions/${setup.url.split('/').at(-1)}/card`, VISA)).json()).toMatchObject({
      status: 'succeeded',
    });
    expect((await admin.request('POST', `/api/admin/wallets/${userId}/test-credit`, { amountCents: 3_000 }, key())).status).toBe(200);

    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(page, account.email, account.password);
    await openWithAccessCode(page, '/payment-methods');
    const card = page.getByRole('region', { name: 'Auto-Recharge' });
    // The card is named as the list above names it (Visa •••• 4242), not in capitals.
    // (The saved cards load after the section shows.)
    await expect.poll(() => card.getByLabel('Charge this card').locator('option').allInnerTexts()).toEqual(['Visa •••• 4242']);
    await card.getByLabel('Recharge automatically').check();
    await card.getByLabel('When my balance falls below ($)').fill('20');
    await card.getByLabel('Add this amount ($)').fill('50');
    await card.getByLabel('At most per day ($)').fill('100');
    await card.getByRole('button', { name: 'Save Auto-Recharge' }).click();
    await page.getByText("We'll add $50.00 when your balance falls below $20.00.").first().waitFor();
    await screenshot(page, 'auto-recharge-1366');

    // Money leaves the wallet: $30 - $15 = $15, below $20, so the card is charged $50.
    expect(
      (
        await admin.request(
          'POST',
          `/api/admin/wallets/${userId}/adjustments`,
          { direction: 'debit', amountCents: 1_500, reason: 'Correction of a test credit' },
          key(),
        )
      ).status,
    ).toBe(200);
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 6_500 });
    // The open tab is told, without a reload.
    await page.getByText('$50.00 was added from your saved card: your balance fell below your auto-recharge threshold.').first().waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Latest automatic charges' }).getByText('$50.00 added').waitFor();
    await page.getByTestId('wallet-balance').getByText('$65.00').waitFor();
    await context.close();
  });

  it('lets an admin refund from the wallet page and reconcile a day from the Reconciliation page', async () => {
    const { client, userId } = await agent();
    await topUp(client, 1_200);
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(page, adminAccount.email, adminAccount.password);
    await openWithAccessCode(page, `/finance/wallets/${userId}`);
    const topUps = page.getByRole('region', { name: 'Card top-ups' });
    await topUps.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Top-Up' });
    await dialog.getByLabel('Amount to refund ($)').fill('2.50');
    await screenshot(page, 'refund-dialog-1366');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('$2.50 is on its way back to the card.').first().waitFor();
    await expect.poll(() => wallet(client)).toMatchObject({ availableCents: 950 });

    // The partial refund shows under its top-up, and the next refund starts from (and stops at) what is left.
    const row = topUps.getByTestId('card-top-up');
    await row.getByText('Refunded $2.50', { exact: false }).waitFor();
    await row.getByText('Still refundable $9.50').waitFor();
    await row.getByRole('button', { name: 'Refund' }).click();
    expect(await dialog.getByLabel('Amount to refund ($)').inputValue()).toBe('9.50');
    await dialog.getByText('of which $9.50 can still be refunded', { exact: false }).waitFor();
    await dialog.getByLabel('Amount to refund ($)').fill('9.51');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Amount must be between $0.01 and $9.50').first().waitFor();
    await dialog.getByLabel('Amount to refund ($)').fill('9.50');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('$9.50 is on its way back to the card.').first().waitFor();
    await row.getByText('Fully refunded').waitFor();
    expect(await row.getByText(/^Refunded \$/).count()).toBe(2);
    expect(await row.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    // The history writes money leaving with the app's one minus sign (U+2212), as the Transfers page does.
    expect(await page.getByTestId('ledger-row').first().innerText()).toContain('\u2212$9.50');
    await screenshot(page, 'finance-wallet-refunds-1366');

    await page.goto('/finance/reconciliation');
    await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
    // Today in the organisation's time zone (a finance day is its calendar day) by default: the day of the payments just made.
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(dayIn(new Date(), DEFAULT_ORG_TIME_ZONE));
    await page.getByTestId('reconciliation-zone').getByText('Eastern Time (America/New_York)').waitFor();
    await page.getByRole('button', { name: 'Reconcile' }).click();
    await page.getByText('Day Reconciled').first().waitFor();
    // The report names who ran it.
    await page.getByText(`by ${adminAccount.email}`, { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await screenshot(page, 'reconciliation-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'reconciliation-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
