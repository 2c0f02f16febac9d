// Decisions on a wallet with 100,000 events against decisions on a fresh wallet, in process
// through WalletLedger (handleCommand with the wallet's snapshots) on the database: the
// snapshot every 100 events should make the long history cost nothing.
import { randomUUID } from 'node:crypto';

import { verifyLedger } from '../../src/cli/verify-ledger.js';
import { ledgerHash } from '../../src/modules/wallet/contracts/ledger-hash.js';
import { walletStream } from '../../src/modules/wallet/contracts/wallet-events.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const HISTORY = Number(process.env.BENCH_EVENTS ?? 100_000);
const BATCH = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 1);
const TARGET = 0.8;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const db = await openBenchDatabase();
const pool = createPool(db.url, 10);
const store = new PostgresEventStore(pool);
const ledger = new WalletLedger(store, pool);
const context = systemContext('bench-wallet-history');

/** Appends HISTORY valid, chained wallet events straight through the event-store port, BATCH at a time. */
async function fillLongWallet(userId: string): Promise<number> {
  const started = performance.now();
  let prevHash = '';
  let seq = 0;
  let version = 0n;
  while (seq < HISTORY) {
    const batch = [];
    for (let i = 0; i < BATCH && seq < HISTORY; i++) {
      seq += 1;
      const data =
        seq === 1
          ? { type: 'TestCreditAdded', data: { userId, creditId: randomUUID(), amountCents: 100_000_000 } }
          : seq % 2 === 0
            ? { type: 'BalanceAdjusted', data: { userId, adjustmentId: randomUUID(), direction: 'debit', amountCents: 100, reason: 'history' } }
            : { type: 'BalanceAdjusted', data: { userId, adjustmentId: randomUUID(), direction: 'credit', amountCents: 50, reason: 'history' } };
      const hash = ledgerHash(prevHash, data.type, data.data);
      batch.push(newEvent(data.type, { ...data.data, entry: { seq, prevHash, hash } }, context));
      prevHash = hash;
    }
    const result = await store.append(walletStream(userId), batch, { expectedVersion: version === 0n ? 'no_stream' : version });
    version = result.nextExpectedVersion;
  }
  return (performance.now() - started) / 1000;
}

const debit = (userId: string) =>
  ledger.decide(
    { type: 'AdjustBalance', userId, adjustmentId: randomUUID(), direction: 'debit', amountCents: 1, reason: 'benchmark spend' },
    context,
    randomUUID(),
  );

/** Decisions per second on one wallet for SECONDS, from WRITERS callers at once. */
async function decisions(userId: string): Promise<number> {
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (performance.now() < deadline) {
        await debit(userId);
        done += 1;
      }
    }),
  );
  return done / SECONDS;
}

try {
  const longWallet = randomUUID();
  const fillSeconds = await fillLongWallet(longWallet);
  const coldStarted = performance.now();
  await debit(longWallet); // no snapshot yet: reads all HISTORY events once, then keeps one
  const coldMs = performance.now() - coldStarted;
  const chain = await verifyLedger(pool, store);
  if (chain.breaks.length > 0)
    throw new Error(
      `the filled wallet's chain does not verify: ${JSON.stringify(chain.breaks[0], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
    );

  const longRates: number[] = [];
  const freshRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = randomUUID();
    await ledger.decide({ type: 'AddTestCredit', userId: fresh, creditId: randomUUID(), amountCents: 100_000_000 }, context, randomUUID());
    freshRates.push(await decisions(fresh));
    longRates.push(await decisions(longWallet));
  }
  const longRate = median(longRates);
  const freshRate = median(freshRates);
  console.log(
    `wallet-history: $0.01 debits decided through WalletLedger (handleCommand, snapshots every 100 events), ${WRITERS} caller(s), ${ROUNDS} alternating rounds of ${SECONDS} s, ${db.label}`,
  );
  console.log(
    `long wallet: ${fmt(HISTORY)} chained events appended in ${fillSeconds.toFixed(1)} s (batches of ${fmt(BATCH)}, chain verified); first decision without a snapshot ${coldMs.toFixed(0)} ms`,
  );
  console.log(`rounds: fresh ${freshRates.map(fmt).join(', ')}; long ${longRates.map(fmt).join(', ')} decisions/s`);
  console.log(`reference: fresh wallet ${fmt(freshRate)} decisions/s (median)`);
  console.log(`wallet with ${fmt(HISTORY)} events: ${fmt(longRate)} decisions/s (median)`);
  console.log(`target >= ${TARGET} (rate on the long wallet / rate on the fresh one)`);
  console.log(`ratio ${(longRate / freshRate).toFixed(2)}`);
} finally {
  await pool.end();
  await db.drop();
}
