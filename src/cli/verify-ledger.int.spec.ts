import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, oneDatabase } from '../../test/support/test-databases.js';
import { walletStream } from '../modules/wallet/contracts/wallet-events.js';
import { WalletLedger } from '../modules/wallet/services/wallet-ledger.js';
import { systemContext } from '../platform/event-store/new-event.js';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../platform/persistence/sql.js';
import { describeBreak, verifyLedger } from './verify-ledger.js';

for (const database of oneDatabase()) {
  describeOn(database, `npm run ledger:verify on ${database.name}`, () => {
    let pool: SqlPool;
    let store: PostgresEventStore;
    let ledger: WalletLedger;

    beforeAll(() => {
      pool = createPool(database.url, 4);
      store = new PostgresEventStore(pool);
      ledger = new WalletLedger(store, pool);
    });
    afterAll(async () => {
      await pool.end();
    });

    /** A wallet with a few money events: test credit, a debit, a credit, a debit. */
    async function walletWithHistory(): Promise<string> {
      const userId = randomUUID();
      const context = systemContext('ledger-verify-test');
      await ledger.decide({ type: 'AddTestCredit', userId, creditId: randomUUID(), amountCents: 10_000 }, context, randomUUID());
      await ledger.decide(
        { type: 'AdjustBalance', userId, adjustmentId: randomUUID(), direction: 'debit', amountCents: 2_500, reason: 'correction' },
        context,
        randomUUID(),
      );
      await ledger.decide(
        { type: 'AdjustBalance', userId, adjustmentId: randomUUID(), direction: 'credit', amountCents: 700, reason: 'goodwill' },
        context,
        randomUUID(),
      );
      await ledger.decide(
        { type: 'AdjustBalance', userId, adjustmentId: randomUUID(), direction: 'debit', amountCents: 8_200, reason: 'correction' },
        context,
        randomUUID(),
      );
      return userId;
    }

    it('passes a clean ledger: every chain and posting checks out', async () => {
      const users = [await walletWithHistory(), await walletWithHistory()];
      const report = await verifyLedger(pool, store);
      const mine = report.breaks.filter((b) => users.some((u) => b.streamId === walletStream(u)));
      expect(mine).toEqual([]);
      expect(report.wallets).toBeGreaterThanOrEqual(2);
      expect(report.entries).toBeGreaterThanOrEqual(8);
      expect(report.accountSumCents).toBe(0);
    });

    it('finds an event whose data was rewritten with SQL, naming the wallet and the seq', async () => {
      const tampered = await walletWithHistory();
      const clean = await walletWithHistory();
      // The debit of $25 (seq 2) becomes a debit of $1: the balance would look $24 higher.
      await pool.query(`UPDATE es_events SET data = jsonb_set(data, '{amountCents}', '100') WHERE stream_id = $1 AND stream_version = 2`, [
        walletStream(tampered),
      ]);
      const lines: string[] = [];
      const report = await verifyLedger(pool, store, (b) => lines.push(describeBreak(b)));
      const found = report.breaks.filter((b) => b.streamId === walletStream(tampered));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ streamId: walletStream(tampered), seq: 2, what: 'hash' });
      expect(found[0]!.expected).not.toBe(found[0]!.found);
      expect(report.breaks.some((b) => b.streamId === walletStream(clean))).toBe(false);
      expect(lines.some((line) => line.includes(walletStream(tampered)) && line.includes('seq 2'))).toBe(true);
    });

    it('finds a chain whose entry was rewritten to match (the next entry no longer links)', async () => {
      const tampered = await walletWithHistory();
      const [second] = await store.readStream(walletStream(tampered), { afterVersion: 1n, maxCount: 1 });
      const { ledgerHash } = await import('../modules/wallet/contracts/ledger-hash.js');
      const data: Record<string, unknown> = { ...(second!.data as Record<string, unknown>), amountCents: 100 };
      const entry = data.entry as { seq: number; prevHash: string; hash: string };
      data.entry = { ...entry, hash: ledgerHash(entry.prevHash, second!.type, data) };
      await pool.query(`UPDATE es_events SET data = $2::jsonb WHERE stream_id = $1 AND stream_version = 2`, [walletStream(tampered), JSON.stringify(data)]);
      const report = await verifyLedger(pool, store);
      const found = report.breaks.filter((b) => b.streamId === walletStream(tampered));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ seq: 3, what: 'prevHash', expected: (data.entry as { hash: string }).hash, found: entry.hash });
    });
  });
}
