import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';

import { appendToWallet } from '../../../../projections/wallet/wallet-chain.testing.js';
import { useIsolatedStore } from '../../../../test/support/isolated-database.js';
import { eventsNotRead, liveThenRebuilt } from '../../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { eventually } from '../../../../test/support/waiting.js';
import { systemContext, userRequestContext } from '../../../platform/event-store/new-event.js';
import { SubscriptionRunner } from '../../../platform/projections/subscription-runner.js';
import { APP_PROJECTIONS } from '../../../read-models.js';
import { financeWallets, ledgerAccounts } from './finance-wallets/finance-wallets.query.js';
import { statementCsv } from './statement.js';
import { checkChain, explainEntry, ledgerPage, transferHistory, walletSummary } from './wallet-read.js';

const WALLET = APP_PROJECTIONS.filter((p) => ['wallet-balances', 'wallet-ledger', 'ledger-accounts', 'wallet-transfers'].includes(p.name));

for (const database of oneDatabase()) {
  describeOn(database, `wallet queries on ${database.name}`, () => {
    const db = useIsolatedStore(database);
    const [ny, la, empty] = [randomUUID(), randomUUID(), randomUUID()];

    beforeAll(async () => {
      for (const [id, email, name, zone] of [
        [ny, 'ny-agent@agents.test', 'Nora York', 'UTC'],
        [la, 'la-agent@agents.test', 'Lars Angel', 'America/Los_Angeles'],
        [empty, 'empty@agents.test', null, 'UTC'],
      ] as const) {
        await db.pool.query('INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())', [id, email]);
        await db.pool.query('INSERT INTO profiles (user_id, email, display_name, timezone) VALUES ($1, $2, $3, $4)', [id, email, name, zone]);
      }
      // 25 deposits of $1..$25, one an hour from 2030-03-01 03:00Z (still 2030-02-28 in New York until 05:00Z).
      for (let i = 0; i < 25; i++) {
        await appendToWallet(
          db.store,
          ny,
          [{ type: 'FundsDeposited', data: { userId: ny, paymentId: `p-${i}`, provider: 'demo', autoRecharge: false, amountCents: (i + 1) * 100 } }],
          userRequestContext(ny, undefined, new Date(Date.parse('2030-03-01T03:00:00Z') + i * 3_600_000)),
        );
      }
      await appendToWallet(
        db.store,
        ny,
        [
          {
            type: 'TransferSent',
            data: {
              userId: ny,
              transferId: 't-1',
              recipientUserId: la,
              recipientEmail: 'la-agent@agents.test',
              description: 'Thanks, "partner"',
              sentOn: '2030-03-02',
              amountCents: 500,
            },
          },
        ],
        userRequestContext(ny, undefined, new Date('2030-03-02T12:00:00Z')),
      );
      await appendToWallet(
        db.store,
        la,
        [
          {
            type: 'TransferReceived',
            data: { userId: la, transferId: 't-1', senderUserId: ny, senderEmail: 'ny-agent@agents.test', description: 'Thanks, "partner"', amountCents: 500 },
          },
        ],
        systemContext('transfer-process', new Date('2030-03-02T12:00:01Z')),
      );
      await appendToWallet(
        db.store,
        la,
        [{ type: 'DisputeOpened', data: { userId: la, paymentId: 'p-x', disputeId: 'd-x', fromDebtCents: 300, amountCents: 800 } }],
        systemContext('stripe-webhooks', new Date('2030-03-03T08:00:00Z')),
      );
      const runner = new SubscriptionRunner(db.store, db.pool, WALLET, { batchSize: 50 });
      await runner.start();
      try {
        for (const p of WALLET)
          await eventually(
            `${p.name} to read every event`,
            () => eventsNotRead(db.pool, p.name),
            (left) => left === 0,
          );
      } finally {
        await runner.stop();
      }
    });

    it('summarises a wallet, and gives zeros for a wallet with no events', async () => {
      expect(await walletSummary(db.pool, ny)).toMatchObject({ availableCents: 32_500 - 500, depositedCents: 32_500, contributedCents: 0, debtCents: 0 });
      expect(await walletSummary(db.pool, la)).toMatchObject({ availableCents: 0, debtCents: 300 });
      expect(await walletSummary(db.pool, empty)).toEqual({
        availableCents: 0,
        heldCents: 0,
        postedCents: 0,
        depositedCents: 0,
        contributedCents: 0,
        debtCents: 0,
        testCreditCents: 0,
      });
    });

    it('pages the history newest first, 20 at a time, with the actor named', async () => {
      const first = await ledgerPage(db.pool, ny, 20);
      expect(first.entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 26 - i));
      expect(first.nextBefore).toBe(7);
      expect(first.entries[0]).toMatchObject({
        type: 'TransferSent',
        amountCents: -500,
        description: 'Transfer to la-agent@agents.test: Thanks, "partner"',
        actor: { type: 'user', id: ny, email: 'ny-agent@agents.test', displayName: 'Nora York' },
      });
      const second = await ledgerPage(db.pool, ny, 20, first.nextBefore!);
      expect(second.entries.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(second.nextBefore).toBeNull();
    });

    it('explains an entry with balances before and after and the chain verified up to it, and finds a rewritten event', async () => {
      const explained = await explainEntry(db.store, db.pool, ny, 26);
      expect(explained.before).toEqual({ postedCents: 32_500, heldCents: 0, availableCents: 32_500 });
      expect(explained.after).toEqual({ postedCents: 32_000, heldCents: 0, availableCents: 32_000 });
      expect(explained.chain).toMatchObject({ verified: true, throughSeq: 26, checkedEntries: 26, firstBreak: null });
      await expect(explainEntry(db.store, db.pool, ny, 27)).rejects.toMatchObject({ status: 404 });
      await expect(explainEntry(db.store, db.pool, empty, 1)).rejects.toMatchObject({ status: 404 });

      // Someone with database access rewrites the amount of deposit #10: the chain breaks there, not before.
      await db.pool.query(`UPDATE es_events SET data = jsonb_set(data, '{amountCents}', '99900') WHERE stream_id = $1 AND (data->'entry'->>'seq')::int = 10`, [
        `wallet-${ny}`,
      ]);
      expect((await checkChain(db.store, db.pool, ny, 9)).verified).toBe(true);
      expect(await checkChain(db.store, db.pool, ny)).toMatchObject({ verified: false, firstBreak: { seq: 10, reason: 'hash-mismatch' } });
      await db.pool.query(`UPDATE es_events SET data = jsonb_set(data, '{amountCents}', '1000') WHERE stream_id = $1 AND (data->'entry'->>'seq')::int = 10`, [
        `wallet-${ny}`,
      ]);
      expect((await checkChain(db.store, db.pool, ny)).verified).toBe(true);
    });

    it('lists transfers sent and received', async () => {
      const sent = await transferHistory(db.pool, ny);
      expect(sent.sent).toEqual([expect.objectContaining({ transferId: 't-1', type: 'sent', amountCents: 500, counterpartyEmail: 'la-agent@agents.test' })]);
      expect(sent.received).toEqual([]);
      expect((await transferHistory(db.pool, la)).received).toEqual([
        expect.objectContaining({ transferId: 't-1', type: 'received', counterpartyEmail: 'ny-agent@agents.test', created_at: '2030-03-02T12:00:01.000Z' }),
      ]);
    });

    it("writes the statement in the organisation's time zone, whatever the agent's profile says, quoted per RFC 4180", async () => {
      const feb = await statementCsv(db.pool, ny, '2030-02-28', '2030-02-28', 'America/New_York');
      expect(feb.timeZone).toBe('America/New_York');
      const lines = feb.csv.trimEnd().split('\r\n');
      // 03:00Z and 04:00Z are Feb 28 evening in New York (UTC-5).
      expect(lines[0]).toMatch(/^Date \(America\/New_York\),Seq,Type,Description/);
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([
        ['2030-02-28 22:00:00', '1', 'FundsDeposited'],
        ['2030-02-28 23:00:00', '2', 'FundsDeposited'],
      ]);
      const march2 = await statementCsv(db.pool, ny, '2030-03-02', '2030-03-02', 'America/New_York');
      expect(march2.csv).toContain('"Transfer to la-agent@agents.test: Thanks, ""partner"""');
      expect(march2.csv).toContain(',-5.00,');
      // The Los Angeles agent's profile zone is not read (agents cannot choose one yet): the organisation's day and clock.
      const la3 = await statementCsv(db.pool, la, '2030-03-03', '2030-03-03', 'America/New_York');
      expect(la3.timeZone).toBe('America/New_York');
      expect(la3.csv).toContain('2030-03-03 03:00:00,2,DisputeOpened');
      // Another organisation's zone moves the days and the clock with it.
      const chicago = await statementCsv(db.pool, ny, '2030-02-28', '2030-02-28', 'America/Chicago');
      expect(chicago.csv.trimEnd().split('\r\n')[0]).toMatch(/^Date \(America\/Chicago\),/);
      expect(chicago.csv).toContain('2030-02-28 21:00:00,1,FundsDeposited');
      expect(chicago.csv).toContain('2030-02-28 23:00:00,3,FundsDeposited');
      expect(chicago.csv).not.toContain(',4,FundsDeposited');
    });

    it('gives finance every wallet, sorted, filtered and paged on the server, and the accounts summing to 0', async () => {
      const byAvailable = await financeWallets(db.pool, { offset: 0, limit: 2, sort: 'available', dir: 'desc' });
      expect(byAvailable.total).toBe(3);
      expect(byAvailable.wallets.map((w) => w.email)).toEqual(['ny-agent@agents.test', 'empty@agents.test']);
      const next = await financeWallets(db.pool, { offset: 2, limit: 2, sort: 'available', dir: 'desc' });
      expect(next.wallets.map((w) => w.email)).toEqual(['la-agent@agents.test']);
      const inDebt = await financeWallets(db.pool, { offset: 0, limit: 50, sort: 'debt', dir: 'desc', inDebt: true });
      expect(inDebt.wallets).toEqual([expect.objectContaining({ email: 'la-agent@agents.test', name: 'Lars Angel', debtCents: 300 })]);
      const search = await financeWallets(db.pool, { offset: 0, limit: 50, sort: 'name', dir: 'asc', search: 'nora' });
      expect(search.wallets.map((w) => w.userId)).toEqual([ny]);
      const { accounts, totalCents } = await ledgerAccounts(db.pool);
      expect(totalCents).toBe(0);
      expect(accounts).toContainEqual({ account: `agent-debt:${la}`, kind: 'agent-debt', balanceCents: -300 });
    });

    it('reads the same after a rebuild of the read models', async () => {
      for (const p of WALLET) {
        const table = {
          'wallet-balances': 'rm_wallet_balances',
          'wallet-ledger': 'rm_wallet_ledger',
          'ledger-accounts': 'rm_ledger_accounts',
          'wallet-transfers': 'rm_wallet_transfers',
        }[p.name]!;
        const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, p, `SELECT * FROM ${table} ORDER BY 1, 2`);
        expect(rebuilt).toEqual(live);
      }
    });
  });
}
