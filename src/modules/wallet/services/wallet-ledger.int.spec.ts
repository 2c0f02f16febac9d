import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { moduleHarness } from '../../../../test/support/module-harness.js';
import { inParallel, tally } from '../../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../../test/support/test-databases.js';
import { fold } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { SqlSnapshotStore } from '../../../platform/event-store/snapshots.js';
import { CaptureHoldHandler } from '../commands/capture-hold/capture-hold.handler.js';
import { ChargeWalletHandler } from '../commands/charge-wallet/charge-wallet.handler.js';
import { DepositFundsHandler } from '../commands/deposit-funds/deposit-funds.handler.js';
import { PlaceHoldHandler } from '../commands/place-hold/place-hold.handler.js';
import { CaptureHold, ChargeWallet, DepositFunds, PlaceHold } from '../contracts/wallet-commands.js';
import { postingsOf, walletStream, type WalletEvent } from '../contracts/wallet-events.js';
import { availableCents, walletDecider, type WalletState } from '../domain/wallet.decider.js';
import { WalletLedger } from './wallet-ledger.js';
import { WALLET_SNAPSHOT_EVERY, WALLET_SNAPSHOT_NAME } from './wallet-state.js';

for (const database of everyDatabase()) {
  describeOn(database, `the wallet ledger on ${database.name}`, () => {
    const harness = moduleHarness(database, { providers: [WalletLedger, DepositFundsHandler, ChargeWalletHandler, PlaceHoldHandler, CaptureHoldHandler] });

    const context = (userId: string) => userRequestContext(userId, randomUUID());
    const deposit = (userId: string, amountCents: number, paymentId: string = randomUUID()) =>
      harness.commands.execute(new DepositFunds({ userId, paymentId, amountCents, provider: 'demo' }, context(userId), `payment:${paymentId}`));
    const charge = (userId: string, amountCents: number) => {
      const chargeId = randomUUID();
      return harness.commands.execute(
        new ChargeWallet(
          { userId, chargeId, amountCents, cause: { kind: 'aged-package', id: chargeId }, description: 'Aged leads' },
          context(userId),
          chargeId,
        ),
      );
    };
    const outcome = (work: Promise<unknown>) =>
      work.then(
        () => 'ok',
        (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
      );
    const history = async (userId: string) => (await harness.store.readStream(walletStream(userId))) as unknown as WalletEvent[];

    it('credits a payment once however often and however concurrently it is reported', async () => {
      const userId = randomUUID();
      await inParallel(30, () => deposit(userId, 2_500, 'pay_same'));
      const events = await history(userId);
      expect(events.map((e) => e.type)).toEqual(['FundsDeposited']);
      expect(availableCents(fold(walletDecider, events))).toBe(2_500);
    });

    it('never overdraws a wallet under 50 purchases at once', async () => {
      const userId = randomUUID();
      await deposit(userId, 10_000);
      const outcomes = await inParallel(50, () => outcome(charge(userId, 700)));
      // 10,000 / 700 = 14 purchases fit; the rest are refused in the spec's words.
      expect(tally(outcomes)).toEqual({ ok: 14, INSUFFICIENT_BALANCE: 36 });
      const state = fold(walletDecider, await history(userId));
      expect(state.postedCents).toBe(10_000 - 14 * 700);
      expect(availableCents(state)).toBeGreaterThanOrEqual(0);
    });

    it('never captures more than a hold under 50 captures at once, and leaves the rest of the wallet alone', async () => {
      const userId = randomUUID();
      await deposit(userId, 20_000);
      const holdId = randomUUID();
      await harness.commands.execute(
        new PlaceHold({ userId, holdId, amountCents: 5_000, cause: { kind: 'campaign', id: holdId } }, context(userId), `hold:${holdId}`),
      );
      const outcomes = await inParallel(50, (index) =>
        outcome(
          harness.commands.execute(
            new CaptureHold(
              { userId, holdId, captureId: `lead-${index}`, amountCents: 300, cause: { kind: 'lead', id: `lead-${index}` }, description: 'Lead' },
              context(userId),
              `capture:lead-${index}`,
            ),
          ),
        ),
      );
      expect(tally(outcomes)).toEqual({ ok: 16, HOLD_EXHAUSTED: 34 });
      const state: WalletState = fold(walletDecider, await history(userId));
      expect(state.holds[holdId]).toMatchObject({ amountCents: 5_000, capturedCents: 4_800 });
      expect(availableCents(state)).toBe(15_000);
    });

    it('decides from a snapshot exactly as from the full history, and reads only the events after it', async () => {
      const userId = randomUUID();
      await deposit(userId, 1_000_000);
      for (let i = 0; i < WALLET_SNAPSHOT_EVERY * 2 + 7; i++) await charge(userId, 1 + (i % 5));
      const events = await history(userId);
      const snapshot = await new SqlSnapshotStore(harness.pool).load<WalletState>(walletStream(userId), WALLET_SNAPSHOT_NAME);
      expect(snapshot).not.toBeNull();
      expect(Number(snapshot!.version)).toBeGreaterThanOrEqual(WALLET_SNAPSHOT_EVERY * 2);
      const fromSnapshot = events.slice(Number(snapshot!.version)).reduce(walletDecider.evolve, snapshot!.state);
      expect(fromSnapshot).toEqual(fold(walletDecider, events));
      // A decision on top of the snapshot equals one on the full fold.
      const command = { type: 'Charge', userId, chargeId: 'x', amountCents: 10, cause: { kind: 'lead', id: 'x' }, description: 'Lead' } as const;
      const now = new Date();
      expect(walletDecider.decide(command, fromSnapshot, now)).toEqual(walletDecider.decide(command, fold(walletDecider, events), now));
      // The agent's account balance is the sum of its postings.
      const posted = events
        .flatMap(postingsOf)
        .reduce((sum, p) => sum + (p.to === `agent:${userId}` ? p.amountCents : 0) - (p.from === `agent:${userId}` ? p.amountCents : 0), 0);
      expect(fold(walletDecider, events).postedCents).toBe(posted);
    });
  });
}
