// Shared by the wallet benchmarks: the built portal on a scratch database with an admin and
// funded agents, and a spend (the admin's debit adjustment, until transfers and purchases
// exist) driven over HTTP by wrk, each request with its own Idempotency-Key.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyLedger } from '../../src/cli/verify-ledger.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { startPortal, type PortalProcess } from '../../test/e2e/support/portal-process.js';
import { openBenchDatabase, type BenchDatabase } from '../support/bench-database.js';

const PASSWORD = 'bench-wallet-1';
/** Each wallet starts with $1,000,000 (the largest single credit): a run never runs a wallet dry. */
export const FUNDS_CENTS = 100_000_000;
export const SPEND_CENTS = 100;
export const SPEND = 'admin debit adjustment (POST /api/admin/wallets/:userId/adjustments; transfers and purchases do not exist yet)';

export type WalletApp = {
  readonly db: BenchDatabase;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly userIds: string[];
  close(): Promise<void>;
};

export async function requireScaled(name: string): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error(`${name} measures the deployment on PostgreSQL and Redis: set DATABASE_URL and REDIS_URL`);
    process.exit(2);
  }
  await fs.access('dist/src/main.js').catch(() => {
    throw new Error('Build first: npm run build');
  });
}

/** A scratch database, `wallets` agents each credited FUNDS_CENTS through the app, and a signed-in admin session. */
export async function startWalletApp(wallets: number, env: Record<string, string> = {}): Promise<WalletApp> {
  const db = await openBenchDatabase();
  let portal: PortalProcess | null = null;
  try {
    const pool = createPool(db.url, 2);
    const adminId = randomUUID();
    const adminEmail = 'bench-admin@portal.test';
    await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [adminId, adminEmail, await hashPassword(PASSWORD)]);
    await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
    const userIds = Array.from({ length: wallets }, () => randomUUID());
    await pool.query(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at)
       SELECT id, 'bench-agent-' || n || '@agents.test', $2, now() FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)`,
      [userIds, await hashPassword(PASSWORD)],
    );
    await pool.end();

    portal = await startPortal({ DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${randomUUID()}`, ...env });
    const signIn = await fetch(`${portal.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: PASSWORD }) });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const headers = { cookie: signIn.headers.get('set-cookie')!.split(';')[0]!, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };
    const url = portal.url;
    for (let i = 0; i < userIds.length; i += 16) {
      await Promise.all(
        userIds.slice(i, i + 16).map(async (userId) => {
          const credited = await fetch(`${url}/api/admin/wallets/${userId}/test-credit`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ amountCents: FUNDS_CENTS }),
          });
          if (credited.status !== 200) throw new Error(`funding failed: ${credited.status} ${await credited.text()}`);
        }),
      );
    }
    const started = portal;
    return {
      db,
      url,
      headers,
      userIds,
      async close() {
        await started.stop();
        await db.drop();
      },
    };
  } catch (error) {
    await portal?.stop();
    await db.drop();
    throw error;
  }
}

export type LoadResult = { rate: number; requests: number; non2xx: number; p50Ms: number; p99Ms: number; output: string };

/** wrk at `connections`, each request a $1 debit of a random one of `userIds`, with a fresh Idempotency-Key. */
export async function spend(app: WalletApp, userIds: readonly string[], connections: number, seconds: number): Promise<LoadResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-wallet-'));
  const script = path.join(dir, 'spend.lua');
  const run = randomUUID();
  const lua = `
local ids = { ${userIds.map((id) => `"${id}"`).join(', ')} }
local counter = 0
local body = '{"direction":"debit","amountCents":${SPEND_CENTS},"reason":"benchmark spend"}'
math.randomseed(os.time())
request = function()
  counter = counter + 1
  local id = ids[math.random(#ids)]
  local headers = {}
  headers["cookie"] = "${app.headers.cookie}"
  headers["x-csrf-token"] = "${app.headers['x-csrf-token']}"
  headers["content-type"] = "application/json"
  headers["idempotency-key"] = "${run}-" .. counter
  return wrk.format("POST", "/api/admin/wallets/" .. id .. "/adjustments", headers, body)
end
`;
  await fs.writeFile(script, lua);
  try {
    const out = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s', '-s', script, app.url], { encoding: 'utf8' });
    if (out.error) throw out.error;
    const text = out.stdout;
    const requests = Number(text.match(/(\d+) requests in/)?.[1] ?? NaN);
    const non2xx = Number(text.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
    const latency = (p: string) => {
      const m = text.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
      if (!m) return NaN;
      const value = Number(m[1]);
      return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
    };
    return { rate: Number(text.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN), requests, non2xx, p50Ms: latency('50'), p99Ms: latency('99'), output: text };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** After a run: every wallet's chain and postings (npm run ledger:verify's check), no agent below zero at any entry. */
export async function checkLedger(app: WalletApp): Promise<{ wallets: number; entries: number; broken: number; lowestCents: number }> {
  const pool = createPool(app.db.url, 4);
  const store = new PostgresEventStore(pool);
  try {
    const report = await verifyLedger(pool, store, (b) => console.log(`ledger break: ${b.streamId} seq ${b.seq} ${b.what} expected ${b.expected} found ${b.found}`));
    const { rows } = await pool.query<{ lowest: string | null }>(
      `SELECT min(v) AS lowest FROM (SELECT sum(CASE WHEN event_type = 'BalanceAdjusted' AND data->>'direction' = 'debit' THEN -(data->>'amountCents')::bigint
                                              WHEN event_type IN ('TestCreditAdded', 'BalanceAdjusted') THEN (data->>'amountCents')::bigint ELSE 0 END) AS v
                                  FROM es_events WHERE stream_id LIKE 'wallet-%' GROUP BY stream_id) AS balances`,
    );
    return { wallets: report.wallets, entries: report.entries, broken: report.breaks.length, lowestCents: Number(rows[0]?.lowest ?? 0) };
  } finally {
    await pool.end();
  }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
