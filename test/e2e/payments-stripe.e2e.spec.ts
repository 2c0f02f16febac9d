// Card payments through Stripe, end to end: the built portal configured with STRIPE_* keys and
// STRIPE_API_BASE pointing at the local Stripe stand-in (test/support/stripe-standin.ts), whose
// events reach the portal's webhook endpoint signed as Stripe signs them. On PostgreSQL + Redis
// when DATABASE_URL and REDIS_URL are set (the scaled deployment), else on the embedded default.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { walletStream } from '../../src/modules/wallet/contracts/wallet-events.js';
import { dayIn, DEFAULT_ORG_TIME_ZONE } from '../../src/platform/time/org-time.js';
import { subscriberPassed } from '../support/async-work.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { CARDS, startStripeStandIn, type StripeStandIn } from '../support/stripe-standin.js';
import { eventually } from '../support/waiting.js';
import { launchBrowser, newPage, screenshot } from './support/browser.js';

describe('card payments through Stripe (the portal against a local Stripe stand-in)', () => {
  let own: OwnPortal;
  let stripe: StripeStandIn;
  let portal: OwnPortal['portal'];
  let pool: OwnPortal['pool'];
  let staff: ApiClient;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    own = await startOwnPortal({
      STRIPE_SECRET_KEY: stripe.keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.keys.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      PAYMENT_SWEEP_SECONDS: '2',
    });
    ({ portal, pool } = own);
    stripe.webhookUrl = `${portal.url}/api/payments/webhook`;
    staff = (await own.account({ role: 'admin' })).client;
  });

  afterAll(async () => {
    await own?.close();
    await stripe?.close();
  });

  const agent = () => own.account();

  const topUp = (client: ApiClient, amountCents: number, paymentMethodId: string, key = randomUUID()) =>
    client.request('POST', '/api/payments/top-up', { amountCents, paymentMethodId }, { 'idempotency-key': key });

  /** Waits until the portal has processed each of Stripe's `events`, and the wallet's read model has passed what they stored on the agent's wallet. */
  async function processed(userId: string, events: readonly Stripe.Event[]): Promise<void> {
    const ids = events.map((event) => event.id);
    await eventually(
      `Stripe's events ${ids.join(', ')} processed`,
      async () => (await pool.query(`SELECT 1 FROM payment_webhook_events WHERE event_id = ANY($1) AND processed_at IS NOT NULL`, [ids])).rowCount,
      (count) => count === ids.length,
    );
    await subscriberPassed(pool, 'wallet-balances', walletStream(userId));
  }
  /** The events Stripe sent so far about a payment (its intent, charge, refunds). */
  const eventsOf = (paymentId: string) => stripe.events.filter((event) => JSON.stringify(event.data.object).includes(paymentId));

  const wallet = async (client: ApiClient) =>
    (await (await client.request('GET', '/api/wallet')).json()) as { availableCents: number; depositedCents: number; debtCents: number };

  /** The agent saves a card on Stripe's setup page; the webhook's step makes the first one the default. */
  async function saveCard(client: ApiClient, number: string): Promise<string> {
    const answer = await client.request('POST', '/api/payments/setup');
    expect(answer.status).toBe(200);
    const { publishableKey, url } = (await answer.json()) as { publishableKey: string; url: string };
    expect(publishableKey).toBe(stripe.keys.publishableKey);
    expect(url).toMatch(new RegExp(`^${stripe.apiBase}/pay/cs_test_setup_`));
    await stripe.completeCheckout(url.split('/').at(-1)!, number);
    const method = (stripe.events.filter((event) => event.type === 'setup_intent.succeeded').at(-1)!.data.object as Stripe.SetupIntent)
      .payment_method as string;
    await expect
      .poll(async () => ((await (await client.request('GET', '/api/payments/methods')).json()) as { methods: { id: string }[] }).methods.map((m) => m.id))
      .toContain(method);
    return method;
  }

  it('tops up with a new card on Stripe Checkout: the webhook credits the wallet once, however often and in whatever order it comes', async () => {
    const { client, userId } = await agent();
    stripe.mode = 'hold';
    const answer = await topUp(client, 2_500, 'new');
    expect(answer.status).toBe(200);
    const { status, url } = (await answer.json()) as { status: string; url: string };
    expect(status).toBe('redirect');
    const sessionId = url.split('/').at(-1)!;
    expect(stripe.customers().filter((customer) => customer.metadata.userId === userId)).toHaveLength(1);
    await stripe.completeCheckout(sessionId, CARDS.visa);
    const held = stripe.pending.splice(0);
    stripe.mode = 'immediate';
    // Reordered (newest first) and each delivered twice.
    await stripe.deliver([...held].reverse());
    await stripe.deliver(held);
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(2_500);
    await processed(userId, held);
    expect(await wallet(client)).toMatchObject({ availableCents: 2_500, depositedCents: 2_500 });
    // Every event stored once, and the payment events re-read the payment: credited by one of them (or the sweep), already credited by the rest.
    const { rows } = await pool.query<{ type: string; outcome: string }>(
      `SELECT type, outcome FROM payment_webhook_events WHERE provider = 'stripe' AND event_id = ANY($1)`,
      [held.map((e) => e.id)],
    );
    expect(rows).toHaveLength(held.length);
    const outcomes = rows.filter((row) => row.type === 'checkout.session.completed' || row.type === 'payment_intent.succeeded').map((row) => row.outcome);
    expect(outcomes).toHaveLength(2);
    expect(outcomes.every((outcome) => outcome === 'credited' || outcome === 'already credited')).toBe(true);
  });

  it('credits a paid top-up whose webhook never came (the sweep asks Stripe)', async () => {
    const { client } = await agent();
    const { url } = (await (await topUp(client, 1_200, 'new')).json()) as { url: string };
    stripe.mode = 'hold';
    await stripe.completeCheckout(url.split('/').at(-1)!, CARDS.visa);
    stripe.pending.splice(0); // lost
    stripe.mode = 'immediate';
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(1_200);
  });

  it('saves cards, tops up from a saved card at once, says a declined card is declined, and sends the agent to the bank when it asks', async () => {
    const { client, userId } = await agent();
    const visa = await saveCard(client, CARDS.visa);
    const methods = ((await (await client.request('GET', '/api/payments/methods')).json()) as { methods: { id: string; last4: string; isDefault: boolean }[] })
      .methods;
    expect(methods).toEqual([expect.objectContaining({ id: visa, last4: '4242', isDefault: true })]);
    const key = randomUUID();
    const paid = await topUp(client, 5_000, visa, key);
    expect(paid.status).toBe(200);
    const { status: paidStatus, paymentId } = (await paid.json()) as { status: string; paymentId: string };
    expect(paidStatus).toBe('succeeded');
    // The answer credited the wallet (its read model follows a moment later); the retried request and the webhook add nothing.
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(5_000);
    expect((await topUp(client, 5_000, visa, key)).status).toBe(200);
    await stripe.delivered();
    await processed(userId, eventsOf(paymentId));
    expect((await wallet(client)).availableCents).toBe(5_000);

    const declined = await saveCard(client, CARDS.declined);
    const refused = await topUp(client, 1_000, declined);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Unable to process payment. Please try again.' });

    const asksBank = await saveCard(client, CARDS.authenticate);
    const redirect = (await (await topUp(client, 1_000, asksBank)).json()) as { status: string; url: string; paymentId: string };
    expect(redirect).toMatchObject({ status: 'redirect', url: `${stripe.apiBase}/authenticate/${redirect.paymentId}` });
    expect((await wallet(client)).availableCents).toBe(5_000);
    await stripe.authenticate(redirect.paymentId, true);
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(6_000);

    // Set as default, delete; another agent cannot touch these cards.
    expect((await client.request('POST', `/api/payments/methods/${asksBank}/default`)).status).toBe(200);
    const other = await agent();
    expect((await other.client.request('DELETE', `/api/payments/methods/${visa}`)).status).toBe(404);
    expect((await other.client.request('POST', `/api/payments/methods/${visa}/default`)).status).toBe(404);
    expect((await client.request('DELETE', `/api/payments/methods/${asksBank}`)).status).toBe(200);
    const left = ((await (await client.request('GET', '/api/payments/methods')).json()) as { methods: { id: string; isDefault: boolean }[] }).methods;
    expect(left.map((m) => m.id).sort()).toEqual([visa, declined].sort());
    expect(left.filter((m) => m.isDefault)).toHaveLength(1);
  });

  it('an admin refunds part of a top-up to the card; a refund made in Stripe’s dashboard is taken from the wallet too, each once', async () => {
    const { client, userId } = await agent();
    const visa = await saveCard(client, CARDS.visa);
    const { paymentId } = (await (await topUp(client, 4_000, visa)).json()) as { paymentId: string };

    const refundKey = randomUUID();
    const refund = await staff.request('POST', `/api/admin/wallets/${userId}/refunds`, { paymentId, amountCents: 1_500 }, { 'idempotency-key': refundKey });
    expect(refund.status).toBe(200);
    expect(await refund.json()).toMatchObject({ availableCents: 2_500 });
    await stripe.refundFromDashboard(paymentId, 1_000);
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(1_500);
    await stripe.delivered();
    await processed(userId, eventsOf(paymentId));
    expect(await wallet(client)).toMatchObject({ availableCents: 1_500, debtCents: 0 });
    const tooMuch = await staff.request(
      'POST',
      `/api/admin/wallets/${userId}/refunds`,
      { paymentId, amountCents: 1_501, confirmDebt: true },
      { 'idempotency-key': randomUUID() },
    );
    expect(tooMuch.status).toBe(422);
    expect(stripe.failures).toEqual([]);
  });

  it('a disputed payment is taken back and returned when the dispute is won', async () => {
    const { client } = await agent();
    const card = await saveCard(client, CARDS.disputed);
    const { paymentId } = (await (await topUp(client, 3_000, card)).json()) as { paymentId: string };
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(0);
    const [dispute] = stripe.disputesOf(paymentId);
    await stripe.closeDispute(dispute!.id, 'won');
    await expect.poll(async () => (await wallet(client)).availableCents).toBe(3_000);
  });

  it('reconciles the day against Stripe’s balance transactions to the cent', async () => {
    const day = dayIn(new Date(), DEFAULT_ORG_TIME_ZONE);
    await stripe.delivered();
    await expect
      .poll(
        async () => {
          const run = await staff.request('POST', `/api/finance/reconciliation/${day}`);
          if (run.status !== 200) return `run ${run.status}`;
          return ((await run.json()) as { totals: { counts: Record<string, number> } }).totals.counts;
        },
        { interval: 1_000 },
      )
      .toMatchObject({ missing_in_ledger: 0, missing_at_provider: 0, amount_differs: 0 });
    const report = (await (await staff.request('GET', `/api/finance/reconciliation/${day}`)).json()) as {
      provider: string;
      totals: { ledgerCents: number; providerCents: number; feesCents: number };
      lines: { status: string; kind: string }[];
    };
    expect(report.provider).toBe('stripe');
    // This file's top-ups, refunds and dispute: every line matched, the sums equal.
    expect(new Set(report.lines.map((line) => line.kind))).toEqual(new Set(['payment', 'refund', 'dispute', 'dispute_reversal']));
    expect(report.lines.every((line) => line.status === 'matched')).toBe(true);
    expect(report.totals.ledgerCents).toBe(report.totals.providerCents);
    expect(report.totals.ledgerCents).toBeGreaterThan(0);
    expect(report.totals.feesCents).toBeLessThan(0);
  });

  it('in the browser: a card saved on Stripe’s page shows as the default, and a top-up paid in the new tab moves the first tab’s balance', async () => {
    const browser = await launchBrowser();
    try {
      const { email, password } = await agent();
      const { context, page } = await newPage(browser, { baseURL: portal.url, width: 1366, height: 900 });
      await signInThroughForm(page, email, password);
      await page.goto('/payment-methods');
      await page.getByText('No saved payment methods').first().waitFor();
      let opened = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Add Your First Card' }).click();
      let tab = await opened;
      await tab.waitForURL((url) => url.href.startsWith(`${stripe.apiBase}/pay/`));
      await tab.getByRole('button', { name: 'Save a card' }).click();
      await tab.waitForURL((url) => url.pathname === '/payment-methods' && url.searchParams.get('setup') === 'success');
      await tab.getByText('Card Added').first().waitFor();
      await tab.getByText('•••• 4242').first().waitFor();
      await tab.getByText('Default', { exact: true }).first().waitFor();
      await tab.close();

      await page.getByRole('button', { name: 'Add Credit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Balance' });
      await dialog.getByLabel('Amount (USD)').fill('30');
      await dialog.getByLabel('Payment method').selectOption('new');
      opened = context.waitForEvent('page');
      await dialog.getByRole('button', { name: 'Add Balance' }).click();
      tab = await opened;
      await tab.waitForURL((url) => url.href.startsWith(`${stripe.apiBase}/pay/`));
      await tab.getByRole('button', { name: 'Pay $30.00' }).click();
      await tab.waitForURL((url) => url.origin === portal.url && url.searchParams.get('payment') === 'success');
      await page.getByTestId('wallet-balance').getByText('$30.00').waitFor();
      await screenshot(page, 'payments-stripe-topped-up-1366');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
