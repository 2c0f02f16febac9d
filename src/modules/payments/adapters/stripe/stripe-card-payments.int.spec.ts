import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL } from '../../../../../test/support/parallel.js';
import { CARDS, startStripeStandIn, type StripeStandIn } from '../../../../../test/support/stripe-standin.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { StripeCardPayments } from './stripe-card-payments.js';

const RETURN_URL = 'http://127.0.0.1:9/wallet';
const signer = new Stripe('sk_test_signing_only');

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

for (const database of oneDatabase()) {
  describeOn(database, `the Stripe card provider against a local stand-in, on ${database.name}`, () => {
    let pool: SqlPool;
    let stripe: StripeStandIn;
    let payments: StripeCardPayments;

    beforeAll(async () => {
      pool = createPool(database.url, 6);
      stripe = await startStripeStandIn();
      payments = await StripeCardPayments.open({ ...stripe.keys, apiBase: stripe.apiBase }, pool);
    });
    afterAll(async () => {
      await stripe?.close();
      await pool?.end();
    });

    const agent = () => ({ userId: randomUUID(), email: `${randomUUID().slice(0, 8)}@agents.test` });
    const sessionIdOf = (url: string) => url.split('/').at(-1)!;

    /** Saves a card the way an agent does: a setup session, the card typed on Stripe's page, then the webhook's step. */
    async function saveCard(user: { userId: string; email: string }, number: string): Promise<string> {
      const { url } = await payments.setupCard({ ...user, returnUrl: RETURN_URL });
      await stripe.completeCheckout(sessionIdOf(url), number);
      const saved = stripe.events.filter((event) => event.type === 'setup_intent.succeeded').at(-1)!.data.object as Stripe.SetupIntent;
      // The webhook's step answers whose card it was, so that agent's open pages reload their cards.
      expect(await payments.cardSaved(saved.id)).toEqual({ userId: user.userId });
      return String(saved.payment_method);
    }

    it(`creates one Stripe customer per agent, even for ${MIN_PARALLEL} first requests at once`, async () => {
      const user = agent();
      const before = stripe.customers().length;
      const pages = await inParallel(MIN_PARALLEL, () => payments.setupCard({ ...user, returnUrl: RETURN_URL }));
      expect(pages.every((page) => page.url.startsWith(`${stripe.apiBase}/pay/cs_test_setup_`))).toBe(true);
      expect(stripe.customers().length - before).toBe(1);
      const { rows } = await pool.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [user.userId]);
      expect(rows.map((row) => row.customer_id)).toEqual([stripe.customers().at(-1)!.id]);
      expect(stripe.customers().at(-1)!.metadata).toEqual({ userId: user.userId });
    });

    it('tops up with a new card on a Checkout Session; the payment has one id, the PaymentIntent’s, and a retried request opens the same page', async () => {
      const user = agent();
      const key = randomUUID();
      const first = await payments.checkoutTopUp({ ...user, amountCents: 2_500, idempotencyKey: key, returnUrl: RETURN_URL });
      const again = await payments.checkoutTopUp({ ...user, amountCents: 2_500, idempotencyKey: key, returnUrl: RETURN_URL });
      expect(first).toMatchObject({ kind: 'redirect', paymentId: null });
      expect(again).toEqual(first);
      expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.idempotencyKey === `checkout:${key}`)).toHaveLength(2);
      const sessionId = sessionIdOf((first as { url: string }).url);
      expect(await payments.getPayment(sessionId)).toBeNull();
      await stripe.completeCheckout(sessionId, CARDS.visa);
      const bySession = await payments.getPayment(sessionId);
      expect(bySession).toMatchObject({ userId: user.userId, amountCents: 2_500, status: 'succeeded', autoRecharge: false });
      expect(bySession!.paymentId).toMatch(/^pi_/);
      expect(await payments.getPayment(bySession!.paymentId)).toEqual(bySession);
      expect(await payments.getPayment('pi_unknown')).toBeNull();
      // A different amount under the same key is a different request: Stripe refuses it.
      expect(await refusal(payments.checkoutTopUp({ ...user, amountCents: 2_600, idempotencyKey: key, returnUrl: RETURN_URL }))).toBeInstanceOf(
        Stripe.errors.StripeIdempotencyError,
      );
    });

    it('saves cards (the first becomes the default), sets another as default, deletes, and never touches another agent’s card', async () => {
      const user = agent();
      const visa = await saveCard(user, CARDS.visa);
      expect(await payments.listCards(user.userId)).toEqual([{ id: visa, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }]);
      const mastercard = await saveCard(user, '5555555555554444');
      expect((await payments.listCards(user.userId)).map((card) => [card.last4, card.isDefault])).toEqual([
        ['4242', true],
        ['4444', false],
      ]);
      await payments.setDefaultCard(user.userId, mastercard);
      expect((await payments.listCards(user.userId)).map((card) => [card.last4, card.isDefault])).toEqual([
        ['4444', true],
        ['4242', false],
      ]);
      await payments.deleteCard(user.userId, mastercard);
      expect((await payments.listCards(user.userId)).map((card) => [card.last4, card.isDefault])).toEqual([['4242', true]]);

      const other = agent();
      await saveCard(other, CARDS.visa);
      const attempts = [
        () => payments.setDefaultCard(other.userId, visa),
        () => payments.deleteCard(other.userId, visa),
        () => payments.setDefaultCard(agent().userId, visa),
        () => payments.deleteCard(other.userId, 'pm_no_such'),
      ];
      for (const attempt of attempts) expect(await refusal(attempt())).toMatchObject({ code: 'PAYMENT_METHOD_NOT_FOUND', status: 404 });
      expect(await payments.listCards(user.userId)).toHaveLength(1);
      expect(await payments.listCards(agent().userId)).toEqual([]);
    });

    it('charges a saved card at once, once per key; a declined card says so; the bank’s authentication is a page on-session and a failure off-session', async () => {
      const user = agent();
      const charge = (cardId: string, key: string, autoRecharge = false) =>
        payments.chargeSavedCard({ ...user, cardId, amountCents: 5_000, idempotencyKey: key, autoRecharge, returnUrl: RETURN_URL });
      const visa = await saveCard(user, CARDS.visa);
      const key = randomUUID();
      const paid = await charge(visa, key);
      expect(paid).toMatchObject({ kind: 'succeeded' });
      expect(await charge(visa, key)).toEqual(paid);
      const paymentId = (paid as { paymentId: string }).paymentId;
      expect(await payments.getPayment(paymentId)).toMatchObject({ status: 'succeeded', amountCents: 5_000, userId: user.userId });
      expect(await charge(visa, randomUUID(), true)).toMatchObject({ kind: 'succeeded' });

      const declined = await saveCard(user, CARDS.declined);
      expect(await charge(declined, randomUUID())).toEqual({ kind: 'declined', message: 'Your card was declined.' });

      const asksBank = await saveCard(user, CARDS.authenticate);
      const onSession = await charge(asksBank, randomUUID());
      expect(onSession).toMatchObject({ kind: 'redirect' });
      const pending = (onSession as { url: string; paymentId: string }).paymentId;
      expect((onSession as { url: string }).url).toBe(`${stripe.apiBase}/authenticate/${pending}`);
      expect(await payments.getPayment(pending)).toMatchObject({ status: 'requires_action' });
      await stripe.authenticate(pending, true);
      expect(await payments.getPayment(pending)).toMatchObject({ status: 'succeeded' });
      const offSession = await charge(asksBank, randomUUID(), true);
      expect(offSession).toMatchObject({ kind: 'redirect', url: `${RETURN_URL}?payment=failed` });
      expect(await payments.getPayment((offSession as { paymentId: string }).paymentId)).toMatchObject({ status: 'failed', autoRecharge: true });

      const recent = await payments.listRecentPayments(new Date(Date.now() - 60_000));
      const mine = recent.filter((payment) => payment.userId === user.userId);
      expect(mine.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(mine.map((payment) => payment.paymentId)).toContain(paymentId);
    });

    it('refunds whole or part, never more than the payment, and reads a charge’s refunds (the dashboard’s too)', async () => {
      const user = agent();
      const card = await saveCard(user, CARDS.visa);
      const paid = (await payments.chargeSavedCard({
        ...user,
        cardId: card,
        amountCents: 3_000,
        idempotencyKey: randomUUID(),
        autoRecharge: false,
        returnUrl: RETURN_URL,
      })) as { paymentId: string };
      const key = randomUUID();
      const { refundId } = await payments.refund({ paymentId: paid.paymentId, amountCents: 1_000, idempotencyKey: key });
      expect(await payments.refund({ paymentId: paid.paymentId, amountCents: 1_000, idempotencyKey: key })).toEqual({ refundId });
      expect(await refusal(payments.refund({ paymentId: paid.paymentId, amountCents: 1_500, idempotencyKey: key }))).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        status: 409,
      });
      expect(await refusal(payments.refund({ paymentId: paid.paymentId, amountCents: 2_001, idempotencyKey: randomUUID() }))).toMatchObject({
        code: 'REFUND_TOO_LARGE',
      });
      const outside = await stripe.refundFromDashboard(paid.paymentId, 500);
      const chargeId = (stripe.events.filter((event) => event.type === 'charge.refunded').at(-1)!.data.object as Stripe.Charge).id;
      const refunds = await payments.getRefunds(chargeId);
      expect(refunds).toEqual({
        paymentId: paid.paymentId,
        userId: user.userId,
        refunds: expect.arrayContaining([
          { refundId, amountCents: 1_000 },
          { refundId: outside, amountCents: 500 },
        ]),
      });
      expect(refunds!.refunds).toHaveLength(2);
      expect(await payments.getRefunds('ch_unknown')).toBeNull();
      expect(await refusal(payments.refund({ paymentId: 'pi_unknown', amountCents: 100, idempotencyKey: randomUUID() }))).toBeInstanceOf(DomainError);
    });

    it('reads disputes and the day’s balance transactions, signed as the port says', async () => {
      const user = agent();
      const card = await saveCard(user, CARDS.disputed);
      const paid = (await payments.chargeSavedCard({
        ...user,
        cardId: card,
        amountCents: 4_000,
        idempotencyKey: randomUUID(),
        autoRecharge: false,
        returnUrl: RETURN_URL,
      })) as { paymentId: string };
      const [dispute] = stripe.disputesOf(paid.paymentId);
      expect(await payments.getDispute(dispute!.id)).toEqual({
        disputeId: dispute!.id,
        paymentId: paid.paymentId,
        userId: user.userId,
        amountCents: 4_000,
        status: 'open',
      });
      await stripe.closeDispute(dispute!.id, 'won');
      expect(await payments.getDispute(dispute!.id)).toMatchObject({ status: 'won' });
      expect(await payments.getDispute('du_unknown')).toBeNull();
      const { refundId } = await payments.refund({ paymentId: paid.paymentId, amountCents: 700, idempotencyKey: randomUUID() });

      const records = await payments.recordsBetween(new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
      const about = records.filter((record) => record.paymentId === paid.paymentId);
      expect(about.map((record) => [record.kind, record.id, record.amountCents])).toEqual(
        expect.arrayContaining([
          ['payment', paid.paymentId, 4_000],
          ['fee', expect.stringMatching(/^txn_.*:fee$/), -146],
          ['dispute', dispute!.id, -4_000],
          ['fee', expect.stringMatching(/^txn_.*:fee$/), -1_500],
          ['dispute', dispute!.id, 4_000],
          ['refund', refundId, -700],
        ]),
      );
      expect(about).toHaveLength(6);
      expect(await payments.recordsBetween(new Date('2001-01-01T05:00:00Z'), new Date('2001-01-02T05:00:00Z'))).toEqual([]);
    });

    it('verifies a webhook’s signature on the raw body and refuses a changed one', async () => {
      const event = stripe.events.at(-1)!;
      const rawBody = Buffer.from(JSON.stringify(event));
      const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody.toString(), secret: stripe.keys.webhookSecret });
      await expect(payments.verifyWebhook({ rawBody, signature })).resolves.toEqual({
        eventId: event.id,
        type: event.type,
        objectId: (event.data.object as { id: string }).id,
        createdAt: new Date(event.created * 1000),
      });
      await expect(payments.verifyWebhook({ rawBody: Buffer.from(rawBody.toString().replace('usd', 'eur')), signature })).rejects.toThrow();
      const otherSecret = signer.webhooks.generateTestHeaderString({ payload: rawBody.toString(), secret: 'whsec_someone_else' });
      await expect(payments.verifyWebhook({ rawBody, signature: otherSecret })).rejects.toThrow();
    });
  });
}

describe('the Stripe card provider when Stripe cannot be reached', () => {
  it('answers 503 with a message the agent can act on', async () => {
    const stripe = await startStripeStandIn();
    const apiBase = stripe.apiBase;
    await stripe.close();
    const pool = { query: async () => ({ rows: [{ customer_id: 'cus_gone' }] }) } as unknown as SqlPool;
    const payments = await StripeCardPayments.open({ secretKey: 'sk_test_standin_portal', publishableKey: 'pk', webhookSecret: 'whsec', apiBase }, pool);
    const error = await refusal(payments.listCards(randomUUID()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
  });
});
