// Spends through the whole app over HTTP (each agent signed in and buying the smallest
// aged-lead package for themselves, an Idempotency-Key per request, the real purchase command:
// the package's leads claimed from the inventory, the wallet charged on the agent's stream) at
// 32 connections, against the same purchase in plain SQL (its twin: the leads claimed and the
// wallet debited in one transaction) on the same database in the same run; then its latency at
// half the maximum rate.
import { createPool } from '../../src/platform/persistence/sql.js';
import { databaseWork, fmt } from '../support/bench-database.js';
import { requireTool } from '../support/tools.js';
import { pgbench, pgbenchPurchase, prepareSqlWallets, sqlLoop } from './sql-debit.js';
import { checkLedger, ms, requireScaled, spend, SPEND, SPEND_CENTS, spendAtRate, startWalletApp, workPerSpend } from './wallet-app.js';

const CONNECTIONS = 32;
const LATENCY_CONNECTIONS = 50;
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 100;
const WARM_UP_SECONDS = 3;
/** Purchases one at a time for the database work per purchase. */
const WORK_SAMPLE = 300;
/** The whole purchase in plain SQL (the reference): the package's leads, the stock for it, and its run. */
const PACKAGE_LEADS = 100;
const CEILING_STOCK = 1_000_000;
const CEILING_SECONDS = 5;

async function leadsLeft(url: string): Promise<number> {
  const pool = createPool(url, 1);
  try {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_inventory WHERE order_id IS NULL');
    return rows[0]!.n;
  } finally {
    await pool.end();
  }
}

await requireScaled('wallet-debit');
requireTool('wrk', 'wallet-debit');
requireTool('pgbench', 'wallet-debit');
// Stocked for the timed runs and the one-at-a-time sample (well under a second's worth at the stocked rate).
const app = await startWalletApp(WALLETS, WARM_UP_SECONDS + 2 * SECONDS + 1);
try {
  await spend(app, app.userIds, CONNECTIONS, WARM_UP_SECONDS); // warm-up
  const work = await workPerSpend(app, WORK_SAMPLE);
  const statsPool = createPool(app.db.url, 1);
  const before = await databaseWork(statsPool);
  const measured = await spend(app, app.userIds, CONNECTIONS, SECONDS);
  await new Promise((resolve) => setTimeout(resolve, 600)); // the statistics lag up to 500 ms
  const after = await databaseWork(statsPool);
  await statsPool.end();
  const loadWork = { commits: (after.commits - before.commits) / measured.requests, tuples: (after.tuples - before.tuples) / measured.requests };
  // Latency at half the maximum: at saturation it is the queue's, not the path's.
  const latency = await spendAtRate(app, app.userIds, LATENCY_CONNECTIONS, measured.rate / 2, SECONDS);
  const ledger = await checkLedger(app);

  await prepareSqlWallets(app.db.url, WALLETS);
  await sqlLoop(app.db.url, WALLETS, CONNECTIONS, 2); // warm-up
  const loopRate = await sqlLoop(app.db.url, WALLETS, CONNECTIONS, SECONDS);
  const pgbenchRate = await pgbench(app.db.url, WALLETS, CONNECTIONS, SECONDS);
  const debitRate = Math.max(loopRate, pgbenchRate ?? 0);
  const twin = (await pgbenchPurchase(app.db.url, WALLETS, CONNECTIONS, CEILING_SECONDS, PACKAGE_LEADS, CEILING_STOCK))!;
  const twinLeft = await leadsLeft(app.db.url);

  if (measured.non2xx > 0 || latency.non2xx > 0)
    throw new Error(
      `non-2xx answers under load: ${measured.non2xx} + ${latency.non2xx} (a 409 is the inventory running out: raise BENCH_STOCKED_RATE)\n${measured.output}`,
    );
  console.log(
    `wallet-debit: $${SPEND_CENTS / 100} purchases on ${fmt(WALLETS)} wallets, ${SECONDS} s each, PostgreSQL (DATABASE_URL) + Redis (REDIS_URL), one portal process; ${fmt(app.stocked)} aged leads in stock`,
  );
  console.log(`spend: ${SPEND}`);
  console.log(
    `reference: the same purchase in plain SQL (${PACKAGE_LEADS} leads claimed from a ${fmt(CEILING_STOCK)}-lead inventory FOR UPDATE SKIP LOCKED, and the debit, one transaction), pgbench ${CONNECTIONS} clients: ${fmt(twin)}/s` +
      (twinLeft === 0 ? ' (the stock ran out: overstated)' : ''),
  );
  console.log(
    `for comparison, the bare debit in plain SQL (SELECT ... FOR UPDATE, UPDATE, INSERT), ${CONNECTIONS} clients: pg loop ${fmt(loopRate)}/s, pgbench ${fmt(pgbenchRate ?? 0)}/s: the app at ${(measured.rate / debitRate).toFixed(2)}x`,
  );
  console.log(`app over HTTP at ${CONNECTIONS} connections: ${fmt(measured.rate)} purchases/s (p50 ${ms(measured.p50Ms)}, p99 ${ms(measured.p99Ms)})`);
  console.log(
    `app over HTTP at half that rate (${fmt(measured.rate / 2)}/s held by autocannon, ${LATENCY_CONNECTIONS} connections): ${fmt(latency.rate)} purchases/s, p50 ${ms(latency.p50Ms)}, p99 ${ms(latency.p99Ms)} (target p99 <= ${TARGET_P99_MS} ms)`,
  );
  console.log(
    `database work per purchase (${WORK_SAMPLE} one at a time, all processes, then 2 s for the read side, idle polling included): ${work.commits.toFixed(1)} commits, ${fmt(work.tuples)} tuples read (the SQL reference: 1 commit; goal <= 6 commits)`,
  );
  console.log(
    `database work per purchase at ${CONNECTIONS} connections (all processes, the read side's backlog included as it falls): ${loadWork.commits.toFixed(1)} commits, ${fmt(loadWork.tuples)} tuples read`,
  );
  console.log(
    `ledger after the run: ${fmt(ledger.wallets)} wallets, ${fmt(ledger.entries)} entries, ${ledger.broken} broken, lowest balance ${fmt(ledger.lowestCents)} cents`,
  );
  console.log(
    `orders after the run: ${fmt(ledger.charges)} charges, ${fmt(ledger.orders)} orders charged, ${fmt(ledger.claimedLeads)} leads claimed, ${ledger.ordersOff} orders whose leads do not match their quantity`,
  );
  if (ledger.broken > 0 || ledger.lowestCents < 0 || ledger.ordersOff > 0) process.exitCode = 1;
  console.log(`target ratio >= ${TARGET_RATIO} (app at ${CONNECTIONS} / the same purchase in plain SQL at ${CONNECTIONS})`);
  console.log(`ratio ${(measured.rate / twin).toFixed(2)}`);
} finally {
  await app.close();
}
