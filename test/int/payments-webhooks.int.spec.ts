import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, beforeEach, expect, it } from 'vitest';

import { openDemoProvider } from '../../src/modules/payments/card-payments.provider.js';
import { ProcessPaymentWebhookHandler } from '../../src/modules/payments/commands/process-payment-webhook/process-payment-webhook.handler.js';
import { ReceivePaymentWebhook } from '../../src/modules/payments/commands/receive-payment-webhook/receive-payment-webhook.command.js';
import { ReceivePaymentWebhookHandler } from '../../src/modules/payments/commands/receive-payment-webhook/receive-payment-webhook.handler.js';
import { SweepCardPayments } from '../../src/modules/payments/commands/sweep-card-payments/sweep-card-payments.command.js';
import { SweepCardPaymentsHandler } from '../../src/modules/payments/commands/sweep-card-payments/sweep-card-payments.handler.js';
import { CARD_PAYMENTS, type WebhookDelivery } from '../../src/modules/payments/contracts/card-payments.port.js';
import type { DemoProvider } from '../../src/modules/payments/domain/demo-provider.js';
import { registerCardPaymentJobs } from '../../src/modules/payments/jobs/card-payment-jobs.job.js';
import { DepositFundsHandler } from '../../src/modules/wallet/commands/deposit-funds/deposit-funds.handler.js';
import { walletStream } from '../../src/modules/wallet/contracts/wallet-events.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';
import { systemContext } from '../../src/platform/event-store/new-event.js';
import { ApiError } from '../../src/platform/http/api-error.js';
import { PostgresJobQueue } from '../../src/platform/jobs/postgres-job-queue.js';
import { InProcessRealtimeHub } from '../../src/platform/realtime/realtime-hub.js';
import { JOB_QUEUE, REALTIME_HUB } from '../../src/platform/tokens.js';
import { moduleHarness } from '../support/module-harness.js';
import { inParallel } from '../support/parallel.js';
import { describeOn, everyDatabase } from '../support/test-databases.js';
import { testSecretCipher } from '../support/test-secrets.js';
import { eventually } from '../support/waiting.js';

const signer = new Stripe('sk_test_signing_only');
const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
const AUTHENTICATE = { ...VISA, number: '4000 0025 0000 3155' };
const DISPUTED = { ...VISA, number: '4000 0000 0000 0259' };

for (const database of everyDatabase()) {
  describeOn(database, `card payments into the wallet on ${database.name}`, () => {
    let demo: DemoProvider;
    let secret: string;
    const realtime = new InProcessRealtimeHub();
    /** The demo provider's sends: delivered to the endpoint's code, or lost (a webhook that never comes). */
    let deliver = true;
    const queueName = `payments-${randomUUID()}`;
    const harness = moduleHarness(database, {
      providers: [WalletLedger, DepositFundsHandler, ReceivePaymentWebhookHandler, ProcessPaymentWebhookHandler, SweepCardPaymentsHandler],
      queue: (pool) => new PostgresJobQueue(pool, queueName, 50),
      values: async ({ pool, queue }) => {
        demo = await openDemoProvider(pool, queue, 'http://127.0.0.1:9', testSecretCipher());
        return [
          [JOB_QUEUE, queue],
          [CARD_PAYMENTS, demo.cardPayments],
          [REALTIME_HUB, realtime],
        ];
      },
      registerJobs: ({ queue, commands }) => {
        registerCardPaymentJobs(queue, commands);
        demo.webhooks.registerJob(async (payload, signature) => {
          if (deliver) await receive({ rawBody: Buffer.from(payload), signature });
        });
      },
    });
    /** A delivery at the webhook endpoint. */
    const receive = (delivery: WebhookDelivery) => harness.commands.execute(new ReceivePaymentWebhook(delivery, systemContext('test')));

    beforeAll(async () => {
      // Stored encrypted, bound to its column and row.
      const stored = (await harness.pool.query<{ webhook_secret: string }>(`SELECT webhook_secret FROM demo_pay_settings`)).rows[0]!.webhook_secret;
      expect(stored).toMatch(/^v1:/);
      secret = testSecretCipher().decrypt(stored, { purpose: 'demo_pay_settings.webhook_secret', owner: '1' });
    });

    beforeEach(() => {
      deliver = true;
    });

    const deposits = async (userId: string) =>
      (await harness.store.readStream(walletStream(userId)))
        .filter((event) => event.type === 'FundsDeposited')
        .map((event) => event.data as { paymentId: string; amountCents: number });
    const creditedOnce = (userId: string, paymentId: string) =>
      eventually(
        `the credit of ${paymentId}`,
        async () => (await deposits(userId)).some((d) => d.paymentId === paymentId),
        (credited) => credited,
      );
    const allProcessed = () =>
      eventually(
        'every webhook processed',
        async () =>
          (await harness.pool.query(`SELECT 1 FROM payment_webhook_events WHERE processed_at IS NULL`)).rowCount === 0 &&
          (await harness.pool.query(`SELECT 1 FROM jobs WHERE queue = $1 AND status IN ('waiting', 'active', 'delayed')`, [queueName])).rowCount === 0,
        (processed) => processed,
      );
    const signed = (type: string, object: Record<string, unknown>, id = `evt_test_${randomUUID()}`) => {
      const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
      return { eventId: id, delivery: { rawBody: Buffer.from(payload), signature: signer.webhooks.generateTestHeaderString({ payload, secret }) } };
    };
    /** A checkout paid with 4242 while its webhooks are lost: a succeeded payment only the sweep or a late webhook can credit. */
    const paidWithoutWebhooks = async (userId: string, amountCents: number) => {
      deliver = false;
      const checkout = await demo.cardPayments.checkoutTopUp({
        userId,
        email: 'a@agents.test',
        amountCents,
        idempotencyKey: randomUUID(),
        returnUrl: 'http://127.0.0.1:9/profile',
      });
      if (checkout.kind !== 'redirect') throw new Error('expected a checkout page');
      const sessionId = checkout.url.split('/').at(-1)!;
      await demo.checkoutSessions.submitCard(sessionId, VISA);
      await allProcessed();
      deliver = true;
      return { sessionId, paymentId: checkout.paymentId! };
    };
    const statusOf = (error: unknown) => (error instanceof DomainError || error instanceof ApiError ? error.status : String(error));

    it('credits a top-up paid on the demo checkout page once, from its signed webhooks', async () => {
      const userId = randomUUID();
      const checkout = await demo.cardPayments.checkoutTopUp({
        userId,
        email: 'a@agents.test',
        amountCents: 2_500,
        idempotencyKey: randomUUID(),
        returnUrl: 'http://127.0.0.1:9/profile',
      });
      expect(checkout).toMatchObject({ kind: 'redirect', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/demo-pay\/cs_demo_[0-9a-f]{32}$/) });
      const sessionId = checkout.kind === 'redirect' ? checkout.url.split('/').at(-1)! : '';
      expect(await demo.checkoutSessions.view(sessionId)).toMatchObject({ mode: 'payment', status: 'open', amountCents: 2_500 });
      expect(await demo.checkoutSessions.submitCard(sessionId, VISA)).toEqual({
        status: 'succeeded',
        redirectUrl: 'http://127.0.0.1:9/profile?payment=success',
      });
      await creditedOnce(userId, checkout.kind === 'redirect' ? checkout.paymentId! : '');
      await allProcessed();
      // checkout.session.completed and payment_intent.succeeded both came: one credit.
      const { rows } = await harness.pool.query(`SELECT type, outcome FROM payment_webhook_events e WHERE object_id IN ($1, $2) ORDER BY type`, [
        sessionId,
        checkout.kind === 'redirect' ? checkout.paymentId : '',
      ]);
      expect(rows.map((row) => row.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
      expect(rows.map((row) => row.outcome).sort()).toEqual(['already credited', 'credited']);
      expect(await deposits(userId)).toEqual([expect.objectContaining({ amountCents: 2_500 })]);
      // Paying again on a completed page is refused.
      await expect(demo.checkoutSessions.submitCard(sessionId, VISA)).rejects.toMatchObject({ status: 409 });
    });

    it('declines 4000 0000 0000 0002 with the card provider’s words and credits nothing', async () => {
      const userId = randomUUID();
      const checkout = await demo.cardPayments.checkoutTopUp({
        userId,
        email: 'a@agents.test',
        amountCents: 1_000,
        idempotencyKey: randomUUID(),
        returnUrl: 'http://127.0.0.1:9/profile',
      });
      const sessionId = checkout.kind === 'redirect' ? checkout.url.split('/').at(-1)! : '';
      expect(await demo.checkoutSessions.submitCard(sessionId, DECLINED)).toEqual({ status: 'failed', message: 'Your card was declined.', redirectUrl: null });
      await allProcessed();
      expect(
        (
          await harness.pool.query(`SELECT type, outcome FROM payment_webhook_events WHERE object_id = $1`, [
            checkout.kind === 'redirect' ? checkout.paymentId : '',
          ])
        ).rows,
      ).toEqual([{ type: 'payment_intent.payment_failed', outcome: 'no action' }]);
      expect(await deposits(userId)).toEqual([]);
      // The page stays open for another card, as Stripe's does.
      expect(await demo.checkoutSessions.submitCard(sessionId, VISA)).toMatchObject({ status: 'succeeded' });
      await creditedOnce(userId, checkout.kind === 'redirect' ? checkout.paymentId! : '');
    });

    it('asks for authentication with 4000 0025 0000 3155: Authenticate pays, Fail does not', async () => {
      const userId = randomUUID();
      const open = async () => {
        const checkout = await demo.cardPayments.checkoutTopUp({
          userId,
          email: 'a@agents.test',
          amountCents: 700,
          idempotencyKey: randomUUID(),
          returnUrl: 'http://127.0.0.1:9/profile',
        });
        return {
          sessionId: checkout.kind === 'redirect' ? checkout.url.split('/').at(-1)! : '',
          paymentId: checkout.kind === 'redirect' ? checkout.paymentId! : '',
        };
      };
      const failing = await open();
      expect(await demo.checkoutSessions.submitCard(failing.sessionId, AUTHENTICATE)).toEqual({ status: 'requires_action' });
      expect(await demo.checkoutSessions.view(failing.sessionId)).toMatchObject({ status: 'requires_action' });
      expect(await demo.checkoutSessions.authenticate(failing.sessionId, 'fail')).toMatchObject({
        status: 'failed',
        message: expect.stringContaining('unable to authenticate'),
      });
      const passing = await open();
      await demo.checkoutSessions.submitCard(passing.sessionId, AUTHENTICATE);
      expect(await demo.checkoutSessions.authenticate(passing.sessionId, 'authenticate')).toMatchObject({ status: 'succeeded' });
      await creditedOnce(userId, passing.paymentId);
      await allProcessed();
      expect((await deposits(userId)).map((d) => d.paymentId)).toEqual([passing.paymentId]);
    });

    it('saves cards in setup mode and charges them off-session: succeeded, authentication url, declined', async () => {
      const userId = randomUUID();
      const save = async (card: typeof VISA) => {
        const { url } = await demo.cardPayments.setupCard({ userId, email: 'a@agents.test', returnUrl: 'http://127.0.0.1:9/payment-methods' });
        const sessionId = url.split('/').at(-1)!;
        expect(await demo.checkoutSessions.view(sessionId)).toMatchObject({
          mode: 'setup',
          amountCents: null,
          cancelUrl: 'http://127.0.0.1:9/payment-methods?setup=cancelled',
        });
        const outcome = await demo.checkoutSessions.submitCard(sessionId, card);
        if (outcome.status === 'requires_action') return demo.checkoutSessions.authenticate(sessionId, 'authenticate');
        return outcome;
      };
      const told: string[] = [];
      const unsubscribe = realtime.subscribe(userId, (change) => told.push(change.topic));
      expect(await save(VISA)).toEqual({ status: 'succeeded', redirectUrl: 'http://127.0.0.1:9/payment-methods?setup=success' });
      // The owner's open pages hear of the saved card (it lives at the provider, not in a read model).
      await expect.poll(() => told).toContain('payment-methods');
      unsubscribe();
      expect(await save(AUTHENTICATE)).toMatchObject({ status: 'succeeded' });
      expect(await save(DECLINED)).toEqual({ status: 'failed', message: 'Your card was declined.', redirectUrl: null });
      // The card whose payments are disputed later saves like any other (it once failed the table's check: a 500).
      expect(await save(DISPUTED)).toMatchObject({ status: 'succeeded' });
      const disputedCard = (await demo.cardPayments.listCards(userId)).find((c) => c.last4 === '0259');
      expect(disputedCard).toBeDefined();
      await demo.cardPayments.deleteCard(userId, disputedCard!.id);
      const cards = await demo.cardPayments.listCards(userId);
      expect(cards).toEqual([
        expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }),
        expect.objectContaining({ last4: '3155', isDefault: false }),
      ]);
      const [visa, secure] = cards;
      const charge = (cardId: string, idempotencyKey = randomUUID()) =>
        demo.cardPayments.chargeSavedCard({
          userId,
          email: 'a@agents.test',
          cardId,
          amountCents: 5_000,
          idempotencyKey,
          autoRecharge: false,
          returnUrl: 'http://127.0.0.1:9/profile',
        });
      const key = randomUUID();
      const paid = await charge(visa!.id, key);
      expect(paid).toMatchObject({ kind: 'succeeded', paymentId: expect.stringMatching(/^pi_demo_/) });
      expect(await charge(visa!.id, key)).toEqual(paid);
      await creditedOnce(userId, paid.kind === 'succeeded' ? paid.paymentId : '');
      const needsAuth = await charge(secure!.id);
      expect(needsAuth).toMatchObject({ kind: 'redirect', url: expect.stringContaining('/demo-pay/cs_demo_') });
      const authSession = needsAuth.kind === 'redirect' ? needsAuth.url.split('/').at(-1)! : '';
      expect(await demo.checkoutSessions.view(authSession)).toMatchObject({ mode: 'authentication', status: 'requires_action', amountCents: 5_000 });
      expect(await demo.checkoutSessions.authenticate(authSession, 'authenticate')).toMatchObject({ status: 'succeeded' });
      await creditedOnce(userId, needsAuth.kind === 'redirect' ? needsAuth.paymentId! : '');

      // A card saved with the declining number cannot exist; one that declines off-session is made here directly.
      await harness.pool.query(`UPDATE demo_pay_cards SET behaviour = 'decline' WHERE id = $1`, [secure!.id]);
      expect(await charge(secure!.id)).toEqual({ kind: 'declined', message: 'Your card was declined.' });

      await demo.cardPayments.setDefaultCard(userId, secure!.id);
      expect((await demo.cardPayments.listCards(userId)).map((c) => [c.last4, c.isDefault])).toEqual([
        ['3155', true],
        ['4242', false],
      ]);
      await demo.cardPayments.deleteCard(userId, secure!.id);
      expect((await demo.cardPayments.listCards(userId)).map((c) => [c.last4, c.isDefault])).toEqual([['4242', true]]);

      // Another agent's card is not there for them.
      const other = randomUUID();
      expect(await demo.cardPayments.listCards(other)).toEqual([]);
      for (const attempt of [
        () => demo.cardPayments.setDefaultCard(other, visa!.id),
        () => demo.cardPayments.deleteCard(other, visa!.id),
        () =>
          demo.cardPayments.chargeSavedCard({
            userId: other,
            email: 'b@agents.test',
            cardId: visa!.id,
            amountCents: 500,
            idempotencyKey: randomUUID(),
            autoRecharge: false,
            returnUrl: 'x',
          }),
      ]) {
        expect(await attempt().then(() => 'ok', statusOf)).toBe(404);
      }
      await allProcessed();
      expect((await deposits(userId)).length).toBe(2);
    });

    it('refuses a webhook with a bad signature and stores nothing', async () => {
      const good = signed('payment_intent.succeeded', { id: 'pi_demo_unknown' });
      const tampered = {
        rawBody: Buffer.from(good.delivery.rawBody.toString().replace('pi_demo_unknown', 'pi_demo_other')),
        signature: good.delivery.signature,
      };
      const foreign = {
        rawBody: good.delivery.rawBody,
        signature: signer.webhooks.generateTestHeaderString({ payload: good.delivery.rawBody.toString(), secret: 'whsec_someone_else' }),
      };
      for (const delivery of [tampered, foreign, { rawBody: good.delivery.rawBody, signature: 'garbage' }]) {
        expect(await receive(delivery).then(() => 'stored', statusOf)).toBe(400);
      }
      expect((await harness.pool.query(`SELECT 1 FROM payment_webhook_events WHERE event_id = $1`, [good.eventId])).rowCount).toBe(0);
    });

    it('credits once when the same webhook is delivered twice, and when a late one comes after the sweep', async () => {
      const userId = randomUUID();
      const { paymentId } = await paidWithoutWebhooks(userId, 1_200);
      const event = signed('payment_intent.succeeded', { id: paymentId, object: 'payment_intent' });
      expect(await receive(event.delivery)).toEqual({ eventId: event.eventId, duplicate: false });
      expect(await receive(event.delivery)).toEqual({ eventId: event.eventId, duplicate: true });
      await creditedOnce(userId, paymentId);
      await allProcessed();
      // A late webhook of another type for the same payment, and the sweep: nothing more.
      await receive(signed('checkout.session.completed', { id: paymentId }).delivery);
      await harness.commands.execute(new SweepCardPayments({}, systemContext('test')));
      await allProcessed();
      expect(await deposits(userId)).toEqual([expect.objectContaining({ paymentId, amountCents: 1_200 })]);
    });

    it('credits a payment whose webhooks arrive in the wrong order once it has succeeded', async () => {
      const userId = randomUUID();
      const checkout = await demo.cardPayments.checkoutTopUp({
        userId,
        email: 'a@agents.test',
        amountCents: 900,
        idempotencyKey: randomUUID(),
        returnUrl: 'http://127.0.0.1:9/profile',
      });
      const paymentId = checkout.kind === 'redirect' ? checkout.paymentId! : '';
      const sessionId = checkout.kind === 'redirect' ? checkout.url.split('/').at(-1)! : '';
      // A "succeeded" event that arrives before the payment has: the re-read says not yet, nothing is credited.
      const early = signed('payment_intent.succeeded', { id: paymentId });
      await receive(early.delivery);
      await allProcessed();
      expect((await harness.pool.query(`SELECT outcome FROM payment_webhook_events WHERE event_id = $1`, [early.eventId])).rows[0]).toEqual({
        outcome: 'payment processing',
      });
      expect(await deposits(userId)).toEqual([]);
      // Then the payment goes through; the failure event of an earlier attempt arrives after the success.
      deliver = false;
      await demo.checkoutSessions.submitCard(sessionId, VISA);
      await allProcessed();
      deliver = true;
      await receive(signed('checkout.session.completed', { id: sessionId }).delivery);
      await receive(signed('payment_intent.payment_failed', { id: paymentId }).delivery);
      await creditedOnce(userId, paymentId);
      await allProcessed();
      expect(await deposits(userId)).toEqual([expect.objectContaining({ paymentId, amountCents: 900 })]);
    });

    it('the sweep credits a succeeded payment whose webhook never came, once', async () => {
      const userId = randomUUID();
      const { paymentId } = await paidWithoutWebhooks(userId, 3_300);
      expect(await deposits(userId)).toEqual([]);
      expect(await harness.commands.execute(new SweepCardPayments({}, systemContext('test')))).toBeGreaterThanOrEqual(1);
      expect(await deposits(userId)).toEqual([expect.objectContaining({ paymentId, amountCents: 3_300 })]);
      expect(await harness.commands.execute(new SweepCardPayments({}, systemContext('test')))).toBe(0);
      expect((await deposits(userId)).length).toBe(1);
    });

    it('credits once when the same webhook is delivered 30 times at once', async () => {
      const userId = randomUUID();
      const { paymentId } = await paidWithoutWebhooks(userId, 4_400);
      const event = signed('payment_intent.succeeded', { id: paymentId });
      const answers = await inParallel(30, () => receive(event.delivery));
      expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
      await creditedOnce(userId, paymentId);
      await allProcessed();
      expect(await deposits(userId)).toEqual([expect.objectContaining({ paymentId, amountCents: 4_400 })]);
      expect((await harness.pool.query(`SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id = $1`, [event.eventId])).rows[0]).toEqual({
        n: 1,
      });
    });

    it('a checkout page submitted 30 times at once pays once, and 30 default changes at once leave one default', async () => {
      const userId = randomUUID();
      const checkout = await demo.cardPayments.checkoutTopUp({
        userId,
        email: 'a@agents.test',
        amountCents: 800,
        idempotencyKey: randomUUID(),
        returnUrl: 'http://127.0.0.1:9/profile',
      });
      const sessionId = checkout.kind === 'redirect' ? checkout.url.split('/').at(-1)! : '';
      const outcomes = await inParallel(30, () => demo.checkoutSessions.submitCard(sessionId, VISA).then((outcome) => outcome.status, statusOf));
      expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(29);
      await creditedOnce(userId, checkout.kind === 'redirect' ? checkout.paymentId! : '');

      const saved = await Promise.all(
        [VISA, { ...VISA, number: '5555 5555 5555 4444' }].map(async (card) => {
          const { url } = await demo.cardPayments.setupCard({ userId, email: 'a@agents.test', returnUrl: 'http://127.0.0.1:9/payment-methods' });
          await demo.checkoutSessions.submitCard(url.split('/').at(-1)!, card);
        }),
      );
      expect(saved).toHaveLength(2);
      const cards = await demo.cardPayments.listCards(userId);
      expect(cards.filter((card) => card.isDefault)).toHaveLength(1);
      await inParallel(30, (index) => demo.cardPayments.setDefaultCard(userId, cards[index % 2]!.id));
      expect((await demo.cardPayments.listCards(userId)).filter((card) => card.isDefault)).toHaveLength(1);
      await allProcessed();
      expect((await deposits(userId)).length).toBe(1);
    });

    it('30 different webhooks for one payment at once credit it once', async () => {
      const userId = randomUUID();
      const { paymentId } = await paidWithoutWebhooks(userId, 600);
      await inParallel(30, (index) => receive(signed(index % 2 ? 'payment_intent.succeeded' : 'checkout.session.completed', { id: paymentId }).delivery));
      await creditedOnce(userId, paymentId);
      await allProcessed();
      expect(await deposits(userId)).toEqual([expect.objectContaining({ paymentId, amountCents: 600 })]);
    });
  });
}
