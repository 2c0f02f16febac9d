import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { streamJobsEnded } from '../../../../test/support/async-work.js';
import { moduleHarness } from '../../../../test/support/module-harness.js';
import { inParallel } from '../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { fold } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { Mailer } from '../../../platform/mail/mailer.js';
import { CONFIG } from '../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments, type TopUpResult } from '../../payments/contracts/card-payments.port.js';
import { CARD_REMOVED, ChargeAutoRechargeHandler } from '../commands/charge-auto-recharge/charge-auto-recharge.handler.js';
import { ChargeWalletHandler } from '../commands/charge-wallet/charge-wallet.handler.js';
import { ConfigureAutoRecharge } from '../commands/configure-auto-recharge/configure-auto-recharge.command.js';
import { ConfigureAutoRechargeHandler } from '../commands/configure-auto-recharge/configure-auto-recharge.handler.js';
import { DepositFundsHandler } from '../commands/deposit-funds/deposit-funds.handler.js';
import { TriggerAutoRechargeHandler } from '../commands/trigger-auto-recharge/trigger-auto-recharge.handler.js';
import { ChargeWallet, DepositFunds } from '../contracts/wallet-commands.js';
import { walletStream, type WalletEvent } from '../contracts/wallet-events.js';
import { autoRechargeDecider, autoRechargeStream, type AutoRechargeEvent } from '../domain/auto-recharge.decider.js';
import { availableCents, walletDecider } from '../domain/wallet.decider.js';
import { WalletLedger } from '../services/wallet-ledger.js';
import { autoRechargeTriggers, registerAutoRechargeJobs } from './auto-recharge.job.js';

/**
 * The card provider as the process sees it through its port. The adapters themselves (demo,
 * Stripe against its stand-in) are tested on their own; here only the answers matter.
 */
class ScriptedCards implements Pick<CardPayments, 'provider' | 'listCards' | 'chargeSavedCard'> {
  readonly provider = 'demo' as const;
  readonly charges: { cardId: string; amountCents: number; idempotencyKey: string }[] = [];
  answer: 'succeed' | 'decline' | 'card-removed' = 'succeed';

  listCards(userId: string) {
    return Promise.resolve([{ id: `card-of-${userId}`, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: true }]);
  }

  chargeSavedCard(input: { cardId: string; amountCents: number; idempotencyKey: string }): Promise<TopUpResult> {
    if (this.answer === 'card-removed') return Promise.reject(new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method.', 404));
    const repeat = this.charges.find((c) => c.idempotencyKey === input.idempotencyKey);
    if (!repeat) this.charges.push({ cardId: input.cardId, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
    return Promise.resolve(
      this.answer === 'succeed' ? { kind: 'succeeded', paymentId: `pay-${input.idempotencyKey}` } : { kind: 'declined', message: 'Your card was declined.' },
    );
  }
}

for (const database of oneDatabase()) {
  describeOn(database, `auto-recharge on ${database.name}`, () => {
    const cards = new ScriptedCards();
    const harness = moduleHarness(database, {
      providers: [WalletLedger, DepositFundsHandler, ChargeWalletHandler, ConfigureAutoRechargeHandler, TriggerAutoRechargeHandler, ChargeAutoRechargeHandler],
      values: [
        [CARD_PAYMENTS, cards],
        [CONFIG, { publicUrl: 'http://127.0.0.1:9', orgTimeZone: 'America/New_York' }],
      ],
      registerJobs: ({ queue, commands, pool }) =>
        registerAutoRechargeJobs(queue, commands, {
          pool,
          mailer: new Mailer(pool, 'portal@example.com', undefined),
          payments: cards as unknown as CardPayments,
          publicUrl: 'http://127.0.0.1:9',
        }),
      jobTriggers: autoRechargeTriggers,
    });

    async function agentWithAutoRecharge(depositCents: number): Promise<string> {
      const userId = randomUUID();
      await harness.pool.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [userId, `agent-${userId}@example.com`]);
      await harness.commands.execute(
        new ConfigureAutoRecharge(
          { userId, settings: { enabled: true, thresholdCents: 2_000, amountCents: 5_000, cardId: `card-of-${userId}`, dailyCapCents: 10_000 } },
          userRequestContext(userId, 'test'),
        ),
      );
      const paymentId = randomUUID();
      await harness.commands.execute(
        new DepositFunds({ userId, paymentId, amountCents: depositCents, provider: 'demo' }, userRequestContext(userId), `payment:${paymentId}`),
      );
      return userId;
    }
    const spend = (userId: string, amountCents: number) => {
      const chargeId = randomUUID();
      return harness.commands.execute(
        new ChargeWallet(
          { userId, chargeId, amountCents, cause: { kind: 'aged-package', id: chargeId }, description: 'Aged leads' },
          userRequestContext(userId),
          chargeId,
        ),
      );
    };
    const wallet = async (userId: string) => fold(walletDecider, (await harness.store.readStream(walletStream(userId))) as unknown as WalletEvent[]);
    const recharges = async (userId: string) => (await harness.store.readStream(autoRechargeStream(userId))) as unknown as AutoRechargeEvent[];
    /** Every step the agent's wallet and recharge events started has run (the checks, the charges, the credits). */
    const processAtRest = (userId: string) =>
      streamJobsEnded(harness.store, harness.queue, autoRechargeTriggers, [walletStream(userId), autoRechargeStream(userId)]);

    it('charges the saved card when a purchase takes the balance below the threshold, and credits the wallet with the cause recorded', async () => {
      cards.answer = 'succeed';
      const userId = await agentWithAutoRecharge(3_000);
      await spend(userId, 1_500);
      await expect.poll(async () => availableCents(await wallet(userId))).toBe(6_500);
      const deposits = (await harness.store.readStream(walletStream(userId))).filter((e) => e.type === 'FundsDeposited');
      expect(deposits.at(-1)!.data).toMatchObject({ amountCents: 5_000, autoRecharge: true });
      const started = (await recharges(userId)).find((e) => e.type === 'AutoRechargeStarted')!;
      const charge = (await harness.store.readStream(walletStream(userId))).find((e) => e.type === 'WalletCharged')!;
      expect(started.data).toMatchObject({ causeEventId: charge.metadata.eventId, availableCents: 1_500 });
      // The credit names the recharge that caused it.
      expect(deposits.at(-1)!.metadata.correlationId).toBe(charge.metadata.correlationId);
    });

    it('starts one recharge however many purchases cross the threshold at once, and keeps to the daily cap', async () => {
      cards.answer = 'succeed';
      const userId = await agentWithAutoRecharge(10_000);
      await inParallel(30, () => spend(userId, 300).catch(() => undefined));
      await expect.poll(async () => (await recharges(userId)).filter((e) => e.type === 'AutoRechargeSucceeded').length).toBeGreaterThanOrEqual(1);
      await processAtRest(userId);
      const events = await recharges(userId);
      // 10,000 - 30 x 300 = 1,000 < 2,000: one recharge of 5,000 brings it to 6,000, above the threshold again.
      expect(events.filter((e) => e.type === 'AutoRechargeStarted')).toHaveLength(1);
      expect(cards.charges.filter((c) => c.cardId === `card-of-${userId}`)).toHaveLength(1);
      expect(availableCents(await wallet(userId))).toBe(6_000);
      // Two more dips: the second recharge fits the $100 daily cap, a third would not.
      await spend(userId, 4_500);
      await expect.poll(async () => (await recharges(userId)).filter((e) => e.type === 'AutoRechargeSucceeded').length).toBe(2);
      await expect.poll(async () => availableCents(await wallet(userId))).toBe(6_500);
      await spend(userId, 5_000);
      await processAtRest(userId);
      expect((await recharges(userId)).filter((e) => e.type === 'AutoRechargeStarted')).toHaveLength(2);
    });

    it('pauses after two failed charges in a row and e-mails the agent', async () => {
      cards.answer = 'decline';
      const userId = await agentWithAutoRecharge(10_000);
      await spend(userId, 8_500);
      await expect.poll(async () => (await recharges(userId)).filter((e) => e.type === 'AutoRechargeFailed').length).toBe(1);
      await spend(userId, 100);
      await expect.poll(async () => fold(autoRechargeDecider, await recharges(userId)).paused).toBe(true);
      await expect
        .poll(async () => (await harness.pool.query(`SELECT subject FROM mail_messages WHERE to_address = $1`, [`agent-${userId}@example.com`])).rows)
        .toEqual([{ subject: 'Auto-recharge is paused' }]);
      await spend(userId, 100);
      await processAtRest(userId);
      expect((await recharges(userId)).filter((e) => e.type === 'AutoRechargeStarted')).toHaveLength(2);
      expect(availableCents(await wallet(userId))).toBe(1_300);
    });

    it('records a charge on a card deleted since as failed, with a message the agent can act on, instead of retrying it', async () => {
      cards.answer = 'card-removed';
      const userId = await agentWithAutoRecharge(10_000);
      await spend(userId, 8_500);
      await expect
        .poll(async () => (await recharges(userId)).filter((e) => e.type === 'AutoRechargeFailed').map((e) => e.data))
        .toEqual([expect.objectContaining({ message: CARD_REMOVED })]);
      expect(availableCents(await wallet(userId))).toBe(1_500);
    });
  });
}
