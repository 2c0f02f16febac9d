import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { firstChainBreak } from '../../src/modules/wallet/queries/chain-check.js';
import { requestContext, systemContext, userRequestContext } from '../../src/platform/event-store/new-event.js';
import { APP_PROJECTIONS } from '../../src/read-models.js';
import { useIsolatedStore } from '../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../test/support/test-databases.js';
import { ledgerAccountsProjection } from './ledger-accounts/ledger-accounts.projection.js';
import { walletBalancesProjection } from './wallet-balances/wallet-balances.projection.js';
import { appendToWallet } from './wallet-chain.testing.js';
import { WALLET_TOPIC } from './wallet-event-effects.js';
import { walletLedgerProjection } from './wallet-ledger/wallet-ledger.projection.js';
import { walletTransfersProjection } from './wallet-transfers/wallet-transfers.projection.js';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 2, 15, minute));

for (const database of oneDatabase()) {
  describeOn(database, `wallet read models on ${database.name}`, () => {
    const db = useIsolatedStore(database);
    const [a, b] = [randomUUID(), randomUUID()].sort() as [string, string];
    const admin = randomUUID();
    const ids = { p1: randomUUID(), p2: randomUUID(), h1: randomUUID(), h2: randomUUID(), h3: randomUUID(), t1: randomUUID(), d1: randomUUID() };
    const campaign = { kind: 'campaign', id: 'c-1' } as const;

    /** Agent A tops up, spends through holds and a charge, sends B money, is disputed into debt, repays it from a bonus; B receives, tops up, is refunded. */
    const appendHistory = async () => {
      await appendToWallet(
        db.store,
        a,
        [
          { type: 'FundsDeposited', data: { userId: a, paymentId: ids.p1, provider: 'demo', autoRecharge: false, amountCents: 10_000 } },
          { type: 'TestCreditAdded', data: { userId: a, creditId: 'tc-1', amountCents: 500 } },
          { type: 'HoldPlaced', data: { userId: a, holdId: ids.h1, cause: campaign, expiresAt: null, amountCents: 3_000 } },
          { type: 'HoldIncreased', data: { userId: a, holdId: ids.h1, amountCents: 1_000 } },
          {
            type: 'HoldCaptured',
            data: {
              userId: a,
              holdId: ids.h1,
              captureId: 'cap-1',
              cause: { kind: 'lead', id: 'lead-1' },
              description: 'Lead: Jane D. (TX)',
              amountCents: 1_500,
            },
          },
          { type: 'HoldReleased', data: { userId: a, holdId: ids.h1, closed: false, reason: 'Budget lowered', amountCents: 500 } },
          {
            type: 'WalletCharged',
            data: { userId: a, chargeId: 'ch-1', cause: { kind: 'aged-package', id: 'ap-1' }, description: 'Aged leads package (10)', amountCents: 700 },
          },
        ],
        userRequestContext(a, undefined, at(1)),
      );
      await appendToWallet(
        db.store,
        a,
        [
          {
            type: 'TransferSent',
            data: {
              userId: a,
              transferId: ids.t1,
              recipientUserId: b,
              recipientEmail: 'b@agents.test',
              description: 'For the leads',
              sentOn: '2030-01-02',
              amountCents: 1_000,
            },
          },
          { type: 'HoldPlaced', data: { userId: a, holdId: ids.h2, cause: campaign, expiresAt: '2030-01-03T00:00:00.000Z', amountCents: 400 } },
        ],
        userRequestContext(a, undefined, at(2)),
      );
      await appendToWallet(
        db.store,
        a,
        [
          { type: 'HoldExpired', data: { userId: a, holdId: ids.h2, amountCents: 400 } },
          { type: 'HoldReleased', data: { userId: a, holdId: ids.h1, closed: true, reason: 'Campaign ended', amountCents: 2_000 } },
          { type: 'DisputeOpened', data: { userId: a, paymentId: ids.p1, disputeId: ids.d1, fromDebtCents: 2_700, amountCents: 10_000 } },
          { type: 'BonusCredited', data: { userId: a, bonusId: 'bonus-1', week: '2030-W01', amountCents: 3_000 } },
          { type: 'DebtRepaid', data: { userId: a, cause: { kind: 'bonus', id: 'bonus-1' }, amountCents: 2_700 } },
        ],
        systemContext('wallet-jobs', at(3)),
      );
      await appendToWallet(
        db.store,
        a,
        [
          {
            type: 'BalanceAdjusted',
            data: { userId: a, adjustmentId: 'adj-1', direction: 'debit', reason: 'Duplicate lead refund reversed', amountCents: 100 },
          },
          { type: 'DisputeLost', data: { userId: a, paymentId: ids.p1, disputeId: ids.d1 } },
          { type: 'HoldPlaced', data: { userId: a, holdId: ids.h3, cause: { kind: 'campaign', id: 'c-2' }, expiresAt: null, amountCents: 150 } },
        ],
        requestContext({ type: 'user', id: admin }, undefined, at(4)),
      );
      await appendToWallet(
        db.store,
        b,
        [
          {
            type: 'TransferReceived',
            data: { userId: b, transferId: ids.t1, senderUserId: a, senderEmail: 'a@agents.test', description: 'For the leads', amountCents: 1_000 },
          },
          { type: 'FundsDeposited', data: { userId: b, paymentId: ids.p2, provider: 'stripe', autoRecharge: true, amountCents: 5_000 } },
          { type: 'PaymentRefunded', data: { userId: b, paymentId: ids.p2, refundId: 'r-1', fromDebtCents: 0, amountCents: 2_000 } },
        ],
        systemContext('transfer-process', at(5)),
      );
    };

    it('are all known to `npm run projections:rebuild`', () => {
      const names = APP_PROJECTIONS.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['wallet-balances', 'wallet-ledger', 'ledger-accounts', 'wallet-transfers']));
    });

    it('balances: available = posted - open holds, with deposits, contributions, debt and test credit; each agent is told, and a rebuild gives the same rows', async () => {
      await appendHistory();
      const rows = `SELECT user_id, available_cents::float8 AS available, held_cents::float8 AS held, posted_cents::float8 AS posted, deposited_cents::float8 AS deposited,
                           contributed_cents::float8 AS contributed, debt_cents::float8 AS debt, test_credit_cents::float8 AS test_credit, updated_at
                      FROM rm_wallet_balances ORDER BY user_id`;
      const { live, rebuilt, changes } = await liveThenRebuilt(db.store, db.pool, walletBalancesProjection, rows);
      expect(live).toEqual([
        { user_id: a, available: 50, held: 150, posted: 200, deposited: 10_000, contributed: 2_200, debt: 0, test_credit: 500, updated_at: at(4) },
        { user_id: b, available: 4_000, held: 0, posted: 4_000, deposited: 5_000, contributed: 0, debt: 0, test_credit: 0, updated_at: at(5) },
      ]);
      expect(rebuilt).toEqual(live);
      expect(new Set(changes.map((c) => `${c.topic}:${c.userId}`))).toEqual(new Set([`${WALLET_TOPIC}:${a}`, `${WALLET_TOPIC}:${b}`]));
      const holds = await db.pool.query(
        `SELECT hold_id, status, amount_cents::float8 AS amount, captured_cents::float8 AS captured, released_cents::float8 AS released FROM rm_wallet_holds ORDER BY updated_at, hold_id`,
      );
      expect(holds.rows).toEqual(
        expect.arrayContaining([
          { hold_id: ids.h1, status: 'closed', amount: 4_000, captured: 1_500, released: 2_500 },
          { hold_id: ids.h2, status: 'expired', amount: 400, captured: 0, released: 400 },
          { hold_id: ids.h3, status: 'open', amount: 150, captured: 0, released: 0 },
        ]),
      );
    });

    it('balances: a debt shows while a dispute took more than the wallet held', async () => {
      const c = randomUUID();
      await appendToWallet(
        db.store,
        c,
        [
          { type: 'FundsDeposited', data: { userId: c, paymentId: 'p-c', provider: 'demo', autoRecharge: false, amountCents: 2_000 } },
          { type: 'WalletCharged', data: { userId: c, chargeId: 'ch-c', cause: { kind: 'lead', id: 'l-c' }, description: 'Lead', amountCents: 1_500 } },
          { type: 'DisputeOpened', data: { userId: c, paymentId: 'p-c', disputeId: 'd-c', fromDebtCents: 1_500, amountCents: 2_000 } },
        ],
        systemContext('stripe-webhooks', at(6)),
      );
      const rows = `SELECT available_cents::float8 AS available, debt_cents::float8 AS debt FROM rm_wallet_balances WHERE user_id = '${c}'`;
      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, walletBalancesProjection, rows);
      expect(live).toEqual([{ available: 0, debt: 1_500 }]);
      expect(rebuilt).toEqual(live);
    });

    it('balances: an approved return gives the lead’s price back to the wallet and takes it out of Contributed, live and rebuilt alike', async () => {
      const d = randomUUID();
      const hold = randomUUID();
      await appendToWallet(
        db.store,
        d,
        [
          { type: 'FundsDeposited', data: { userId: d, paymentId: 'p-d', provider: 'demo', autoRecharge: false, amountCents: 2_000 } },
          { type: 'HoldPlaced', data: { userId: d, holdId: hold, cause: campaign, expiresAt: null, amountCents: 1_000 } },
          {
            type: 'HoldCaptured',
            data: { userId: d, holdId: hold, captureId: 'cap-d1', cause: { kind: 'lead', id: 'lead-d1' }, description: 'Lead', amountCents: 500 },
          },
          {
            type: 'HoldCaptured',
            data: { userId: d, holdId: hold, captureId: 'cap-d2', cause: { kind: 'lead', id: 'lead-d2' }, description: 'Lead', amountCents: 300 },
          },
          { type: 'LeadReturnCredited', data: { userId: d, returnId: randomUUID(), leadId: 'lead-d1', amountCents: 500 } },
        ],
        systemContext('lead-returns', at(7)),
      );
      const rows = `SELECT available_cents::float8 AS available, held_cents::float8 AS held, contributed_cents::float8 AS contributed FROM rm_wallet_balances WHERE user_id = '${d}'`;
      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, walletBalancesProjection, rows);
      expect(live).toEqual([{ available: 1_500, held: 200, contributed: 300 }]);
      expect(rebuilt).toEqual(live);
    });

    it('ledger: one row per chained event with its effect on the available balance, balances after, cause, actor and a verifying chain', async () => {
      const rows = `SELECT user_id, seq, type, amount_cents::float8 AS amount, posted_after_cents::float8 AS posted, held_after_cents::float8 AS held,
                           available_after_cents::float8 AS available, cause_kind, cause_id, description, actor_type, actor_id, occurred_at,
                           prev_hash, hash, is_test_credit, data
                      FROM rm_wallet_ledger ORDER BY user_id, seq`;
      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, walletLedgerProjection, rows);
      expect(rebuilt).toEqual(live);
      const ofA = (live as Record<string, unknown>[]).filter((r) => r.user_id === a);
      // DisputeLost moves nothing and has no place in the chain.
      expect(ofA.map((r) => [r.seq, r.type, r.amount, r.available])).toEqual([
        [1, 'FundsDeposited', 10_000, 10_000],
        [2, 'TestCreditAdded', 500, 10_500],
        [3, 'HoldPlaced', -3_000, 7_500],
        [4, 'HoldIncreased', -1_000, 6_500],
        [5, 'HoldCaptured', 0, 6_500],
        [6, 'HoldReleased', 500, 7_000],
        [7, 'WalletCharged', -700, 6_300],
        [8, 'TransferSent', -1_000, 5_300],
        [9, 'HoldPlaced', -400, 4_900],
        [10, 'HoldExpired', 400, 5_300],
        [11, 'HoldReleased', 2_000, 7_300],
        [12, 'DisputeOpened', -7_300, 0],
        [13, 'BonusCredited', 3_000, 3_000],
        [14, 'DebtRepaid', -2_700, 300],
        [15, 'BalanceAdjusted', -100, 200],
        [16, 'HoldPlaced', -150, 50],
      ]);
      expect(ofA[0]).toMatchObject({
        description: 'Card top-up (demo card)',
        cause_kind: 'payment',
        cause_id: ids.p1,
        actor_type: 'user',
        actor_id: a,
        occurred_at: at(1),
        prev_hash: '',
      });
      expect(ofA[1]).toMatchObject({ description: 'Test credit (testing page)', cause_kind: 'test-credit', is_test_credit: true });
      expect(ofA[3]).toMatchObject({ description: 'Reserved funds increased', cause_kind: 'campaign', cause_id: 'c-1' });
      expect(ofA[4]).toMatchObject({ description: 'Lead: Jane D. (TX)', cause_kind: 'lead', cause_id: 'lead-1', posted: 9_000, held: 2_500 });
      expect(ofA[7]).toMatchObject({ description: 'Transfer to b@agents.test: For the leads', cause_kind: 'transfer', cause_id: ids.t1 });
      expect(ofA[11]).toMatchObject({ description: 'Card payment disputed ($27.00 of it owed as debt)', actor_type: 'system', actor_id: 'wallet-jobs' });
      expect(ofA[14]).toMatchObject({ description: 'Adjustment (debit): Duplicate lead refund reversed', actor_type: 'user', actor_id: admin });
      const ofB = (live as Record<string, unknown>[]).filter((r) => r.user_id === b);
      expect(ofB.map((r) => [r.type, r.amount, r.available, r.description])).toEqual([
        ['TransferReceived', 1_000, 1_000, 'Transfer from a@agents.test: For the leads'],
        ['FundsDeposited', 5_000, 6_000, 'Auto-recharge card top-up'],
        ['PaymentRefunded', -2_000, 4_000, 'Refund to card'],
      ]);
      for (const rowsOfAgent of [ofA, ofB]) {
        const links = rowsOfAgent.map((r) => ({
          seq: r.seq as number,
          type: r.type as string,
          data: r.data as object,
          prevHash: r.prev_hash as string,
          hash: r.hash as string,
        }));
        expect(firstChainBreak(links)).toBeNull();
        // A rewritten amount no longer verifies.
        const tampered = links.map((l, i) => (i === 1 ? { ...l, data: { ...l.data, amountCents: 50_000 } } : l));
        expect(firstChainBreak(tampered)).toEqual({ seq: 2, reason: 'hash-mismatch' });
      }
    });

    it('ledger accounts: every posting moves money between accounts, the sum over all of them is 0', async () => {
      const rows = 'SELECT account, balance_cents::float8 AS balance FROM rm_ledger_accounts ORDER BY account';
      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, ledgerAccountsProjection, rows);
      expect(rebuilt).toEqual(live);
      const balances = Object.fromEntries((live as { account: string; balance: number }[]).map((r) => [r.account, r.balance]));
      expect(balances).toMatchObject({
        [`agent:${a}`]: 200,
        [`agent:${b}`]: 4_000,
        [`agent-debt:${a}`]: 0,
        'transfers-in-flight': 0,
        'test-credit': -500,
        'bonus-payouts': -3_000,
        adjustments: 100,
      });
      expect(Object.values(balances).reduce((sum, v) => sum + v, 0)).toBe(0);
      const { rows: sum } = await db.pool.query('SELECT sum(balance_cents)::float8 AS total FROM rm_ledger_accounts');
      expect(sum[0].total).toBe(0);
    });

    it('transfers: the sender sees it sent and the recipient received, with the other agent and the note', async () => {
      const rows = `SELECT transfer_id, direction, user_id, counterparty_user_id, counterparty_email, amount_cents::float8 AS amount, description, occurred_at
                      FROM rm_wallet_transfers ORDER BY transfer_id, direction`;
      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, walletTransfersProjection, rows);
      expect(rebuilt).toEqual(live);
      expect(live).toEqual([
        {
          transfer_id: ids.t1,
          direction: 'received',
          user_id: b,
          counterparty_user_id: a,
          counterparty_email: 'a@agents.test',
          amount: 1_000,
          description: 'For the leads',
          occurred_at: at(5),
        },
        {
          transfer_id: ids.t1,
          direction: 'sent',
          user_id: a,
          counterparty_user_id: b,
          counterparty_email: 'b@agents.test',
          amount: 1_000,
          description: 'For the leads',
          occurred_at: at(2),
        },
      ]);
    });
  });
}
