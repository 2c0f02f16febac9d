// Transfers between agents through the whole app over HTTP (POST /api/wallet/transfers as the
// sender, an Idempotency-Key per request): the sender's debit decided on their wallet, the
// credit process on the recipient's, and both wallets' read models, timed until the read side
// has every transfer. Against its twin in plain SQL on the same database in the same run: both
// wallet rows locked in id order, both updated, two ledger rows inserted, one transaction.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { databaseWork, fmt } from '../support/bench-database.js';
import { requireTool } from '../support/tools.js';
import { prepareSqlWallets, runPgbench } from '../wallet-debit/sql-debit.js';
import { checkLedger, ms, postAtRate, requireScaled, startWalletApp, type LoadResult, type WalletApp } from '../wallet-debit/wallet-app.js';

const CONNECTIONS = 32;
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const AMOUNT_CENTS = 100;
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 100;
/** The read side has this long after the load to show every transfer, or the run fails. */
const DRAIN_LIMIT_MS = 120_000;

const emailOf = (index: number) => `bench-agent-${index + 1}@agents.test`;
/** Agents come in pairs: the first chose the second as SAT leader, so each may send to the other. */
const partnerOf = (index: number) => (index % 2 === 0 ? index + 1 : index - 1);

async function pairAgents(app: WalletApp): Promise<void> {
  const pool = createPool(app.db.url, 1);
  try {
    const leaders = app.userIds.map((id, index) => ({ id, email: emailOf(index), leader: index % 2 === 0 ? emailOf(index + 1) : null }));
    await pool.query(
      `INSERT INTO profiles (user_id, email, sat_manager_email)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])
       ON CONFLICT (user_id) DO UPDATE SET sat_manager_email = excluded.sat_manager_email`,
      [leaders.map((l) => l.id), leaders.map((l) => l.email), leaders.map((l) => l.leader)],
    );
  } finally {
    await pool.end();
  }
}

function transferScript(app: WalletApp, run: string): string {
  const agents = app.userIds.map((id) => app.sessions.get(id)!);
  return `
local cookies = { ${agents.map((a) => `"${a.cookie}"`).join(', ')} }
local csrf = { ${agents.map((a) => `"${a.csrfToken}"`).join(', ')} }
local recipients = { ${app.userIds.map((_, i) => `"${emailOf(partnerOf(i))}"`).join(', ')} }
local counter = 0
math.randomseed(os.time())
request = function()
  counter = counter + 1
  local i = math.random(#cookies)
  local headers = {}
  headers["cookie"] = cookies[i]
  headers["x-csrf-token"] = csrf[i]
  headers["content-type"] = "application/json"
  headers["idempotency-key"] = "${run}-" .. counter
  local body = '{"recipientEmail":"' .. recipients[i] .. '","amountCents":${AMOUNT_CENTS},"description":"bench"}'
  return wrk.format("POST", "/api/wallet/transfers", headers, body)
end
`;
}

/** wrk at `connections` for `seconds`: answered transfers/s, and the 2xx count. */
async function transfer(app: WalletApp, seconds: number): Promise<{ rate: number; ok: number; non2xx: number; output: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-transfer-'));
  const script = path.join(dir, 'transfer.lua');
  await fs.writeFile(script, transferScript(app, randomUUID()));
  try {
    const out = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, app.url], { encoding: 'utf8' });
    if (out.error) throw out.error;
    const requests = Number(out.stdout.match(/(\d+) requests in/)?.[1] ?? NaN);
    const non2xx = Number(out.stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
    return { rate: requests / seconds, ok: requests - non2xx, non2xx, output: out.stdout };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The same transfers at a fixed rate (autocannon holds it): the latency of the path, not of a queue. */
const transferAtRate = (app: WalletApp, rate: number, seconds: number): Promise<LoadResult> =>
  postAtRate(
    app,
    '/api/wallet/transfers',
    app.userIds,
    (index) => ({ recipientEmail: emailOf(partnerOf(index)), amountCents: AMOUNT_CENTS, description: 'bench' }),
    CONNECTIONS,
    rate,
    seconds,
  );

/** Transfers the read side shows received, in both read models (the transfers list and the ledger). */
async function shownTransfers(pool: SqlPool): Promise<number> {
  const { rows } = await pool.query<{ received: number; ledger: number }>(
    `SELECT (SELECT count(*)::int FROM rm_wallet_transfers WHERE direction = 'received') AS received,
            (SELECT count(*)::int FROM rm_wallet_ledger WHERE type = 'TransferReceived') AS ledger`,
  );
  return Math.min(rows[0]!.received, rows[0]!.ledger);
}

/** A timed run: the load, then until the read side shows every transfer answered; transfers/s over the whole time. */
async function timedRun(app: WalletApp, pool: SqlPool, seconds: number): Promise<{ rate: number; answered: number; drainMs: number; non2xx: number }> {
  const before = await shownTransfers(pool);
  const started = performance.now();
  const load = await transfer(app, seconds);
  const loaded = performance.now();
  while ((await shownTransfers(pool)) - before < load.ok) {
    if (performance.now() - loaded > DRAIN_LIMIT_MS) throw new Error(`the read side did not show ${load.ok} transfers within ${DRAIN_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const done = performance.now();
  return { rate: (load.ok * 1000) / (done - started), answered: load.ok, drainMs: done - loaded, non2xx: load.non2xx };
}

/** The twin in plain SQL: both wallet rows locked in id order, both updated, two ledger rows, one transaction (pgbench). */
async function sqlTransfers(url: string): Promise<number> {
  await prepareSqlWallets(url, WALLETS);
  const rate = await runPgbench(
    url,
    CONNECTIONS,
    SECONDS,
    `\\set a random(1, ${WALLETS})
\\set b 1 + (:a % ${WALLETS})
\\set lo least(:a, :b)
\\set hi greatest(:a, :b)
BEGIN;
SELECT id, balance_cents FROM bench_wallets WHERE id IN (:lo, :hi) ORDER BY id FOR UPDATE;
UPDATE bench_wallets SET balance_cents = balance_cents - ${AMOUNT_CENTS} WHERE id = :a;
UPDATE bench_wallets SET balance_cents = balance_cents + ${AMOUNT_CENTS} WHERE id = :b;
INSERT INTO bench_wallet_entries (wallet_id, amount_cents, reason) VALUES (:a, -${AMOUNT_CENTS}, 'transfer sent'), (:b, ${AMOUNT_CENTS}, 'transfer received');
COMMIT;
`,
  );
  return rate!;
}

await requireScaled('wallet-transfer');
requireTool('wrk', 'wallet-transfer');
requireTool('pgbench', 'wallet-transfer');
const app = await startWalletApp(WALLETS, 0, { TRANSFER_DAILY_LIMIT_DOLLARS: '1000000' });
const pool = createPool(app.db.url, 2);
try {
  await pairAgents(app);
  await timedRun(app, pool, WARM_UP_SECONDS);
  const work = { commits: 0 };
  const before = await databaseWork(pool);
  const measured = await timedRun(app, pool, SECONDS);
  await new Promise((resolve) => setTimeout(resolve, 600)); // the statistics lag up to 500 ms
  const after = await databaseWork(pool);
  work.commits = (after.commits - before.commits) / measured.answered;
  const latency = await transferAtRate(app, measured.rate / 2, SECONDS);
  const ledger = await checkLedger(app);
  const twin = await sqlTransfers(app.db.url);

  if (measured.non2xx > 0 || latency.non2xx > 0) throw new Error(`non-2xx answers: ${measured.non2xx} + ${latency.non2xx}`);
  console.log(
    `wallet-transfer: $${AMOUNT_CENTS / 100} transfers between ${fmt(WALLETS)} agents in pairs (each may send to the other), PostgreSQL (DATABASE_URL) + Redis (REDIS_URL), one portal process`,
  );
  console.log(
    `reference: the same transfer in plain SQL (both wallet rows locked in id order, both updated, two ledger rows, one transaction), pgbench ${CONNECTIONS} clients: ${fmt(twin)}/s`,
  );
  console.log(
    `app over HTTP at ${CONNECTIONS} connections, ${SECONDS} s and until both read models show every transfer (${fmt(measured.drainMs)} ms after the load): ${fmt(measured.rate)} transfers/s (${fmt(measured.answered)} transfers)`,
  );
  console.log(`database work per transfer under load (all processes): ${work.commits.toFixed(1)} commits (the SQL twin: 1)`);
  console.log(
    `app over HTTP at half that rate (${fmt(measured.rate / 2)}/s held by autocannon): p50 ${ms(latency.p50Ms)}, p99 ${ms(latency.p99Ms)} (target p99 <= ${TARGET_P99_MS} ms; the answer waits for the recipient's credit)`,
  );
  console.log(
    `ledger after the run: ${fmt(ledger.wallets)} wallets, ${fmt(ledger.entries)} entries, ${ledger.broken} broken, lowest balance ${fmt(ledger.lowestCents)} cents`,
  );
  if (ledger.broken > 0 || ledger.lowestCents < 0) process.exitCode = 1;
  console.log(`target ratio >= ${TARGET_RATIO} (app transfers/s through both read models / the plain SQL twin)`);
  console.log(`ratio ${(measured.rate / twin).toFixed(2)}`);
} finally {
  await pool.end();
  await app.close();
}
