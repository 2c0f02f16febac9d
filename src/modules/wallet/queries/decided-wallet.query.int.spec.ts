import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { useIsolatedStore } from '../../../../test/support/isolated-database.js';
import { eventsNotRead } from '../../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { SubscriptionRunner } from '../../../platform/projections/subscription-runner.js';
import { APP_PROJECTIONS } from '../../../read-models.js';
import type { WalletCommand } from '../domain/wallet.decider.js';
import { WalletLedger } from '../services/wallet-ledger.js';
import { ledgerAccounts } from './finance-wallets/finance-wallets.query.js';
import { checkChain, ledgerPage, walletSummary } from './wallet-read.js';

const WALLET = APP_PROJECTIONS.filter((p) => ['wallet-balances', 'wallet-ledger', 'ledger-accounts', 'wallet-transfers'].includes(p.name));

// The read side against events as the wallet's own decider stores them (not hand-made ones):
// the figures equal the decider's answer, the chain it stamps verifies, the accounts sum to 0.
for (const database of oneDatabase()) {
  describeOn(database, `wallet read models of decided events on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it("shows what the wallet decided: the same available, held and debt, every entry, and the decider's chain verified", async () => {
      const ledger = new WalletLedger(db.store, db.pool);
      const [a, b] = [randomUUID(), randomUUID()];
      const campaign = { kind: 'campaign', id: 'camp-1' } as const;
      const commands: WalletCommand[] = [
        { type: 'Deposit', userId: a, paymentId: 'pay-1', amountCents: 10_000, provider: 'demo', autoRecharge: false },
        { type: 'AddTestCredit', userId: a, creditId: 'tc-1', amountCents: 500 },
        { type: 'PlaceHold', userId: a, holdId: 'hold-1', amountCents: 4_000, cause: campaign, expiresAt: null },
        { type: 'IncreaseHold', userId: a, holdId: 'hold-1', amountCents: 1_000 },
        {
          type: 'CaptureHold',
          userId: a,
          holdId: 'hold-1',
          captureId: 'cap-1',
          amountCents: 1_200,
          cause: { kind: 'lead', id: 'lead-1' },
          description: 'Campaign lead',
        },
        { type: 'ReleaseHold', userId: a, holdId: 'hold-1', amountCents: 800, close: false, reason: 'Budget lowered' },
        { type: 'Charge', userId: a, chargeId: 'ch-1', amountCents: 650, cause: { kind: 'aged-package', id: 'ap-1' }, description: 'Aged leads' },
        {
          type: 'SendTransfer',
          userId: a,
          transferId: 'tr-1',
          amountCents: 1_000,
          recipientUserId: b,
          recipientEmail: 'b@agents.test',
          description: 'Thanks',
          dailyLimitCents: 100_000,
          timeZone: 'America/New_York',
        },
        { type: 'ReceiveTransfer', userId: b, transferId: 'tr-1', amountCents: 1_000, senderUserId: a, senderEmail: 'a@agents.test', description: 'Thanks' },
        { type: 'ReleaseHold', userId: a, holdId: 'hold-1', amountCents: null, close: true, reason: 'Campaign ended' },
        { type: 'PlaceHold', userId: a, holdId: 'hold-2', amountCents: 300, cause: campaign, expiresAt: null },
        { type: 'OpenDispute', userId: a, paymentId: 'pay-1', disputeId: 'dp-1', amountCents: 10_000 },
        { type: 'CreditBonus', userId: a, bonusId: 'bonus-1', week: '2030-W02', amountCents: 2_000 },
      ];
      let answers: Record<string, { availableCents: number; heldCents: number; debtCents: number }> = {};
      for (const command of commands) {
        const answer = await ledger.decide(command, userRequestContext(command.userId), randomUUID());
        answers = { ...answers, [command.userId]: answer };
      }

      const runner = new SubscriptionRunner(db.store, db.pool, WALLET, { batchSize: 5 });
      await runner.start();
      try {
        for (const p of WALLET) await expect.poll(() => eventsNotRead(db.pool, p.name)).toBe(0);
      } finally {
        await runner.stop();
      }

      for (const userId of [a, b]) {
        const summary = await walletSummary(db.pool, userId);
        expect({ availableCents: summary.availableCents, heldCents: summary.heldCents, debtCents: summary.debtCents }).toEqual({
          availableCents: answers[userId]!.availableCents,
          heldCents: answers[userId]!.heldCents,
          debtCents: answers[userId]!.debtCents,
        });
        expect(await checkChain(db.store, db.pool, userId)).toMatchObject({ verified: true, firstBreak: null });
      }
      const stored = (await db.store.readStream(`wallet-${a}`)).filter((e) => (e.data as { entry?: unknown }).entry);
      const page = await ledgerPage(db.pool, a, 200);
      expect(page.entries.map((e) => e.eventId).reverse()).toEqual(stored.map((e) => e.metadata.eventId));
      expect(page.entries[0]).toMatchObject({ availableAfterCents: answers[a]!.availableCents, heldAfterCents: 300 });
      expect((await walletSummary(db.pool, a)).contributedCents).toBe(1_850);
      expect((await ledgerAccounts(db.pool)).totalCents).toBe(0);
    });
  });
}
