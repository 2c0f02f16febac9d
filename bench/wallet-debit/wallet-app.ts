// Shared by the wallet benchmarks: the built portal on a scratch database with an admin,
// funded and signed-in agents and an aged-lead inventory, and a spend (each agent buying the
// smallest aged-lead package for themselves) driven over HTTP by wrk, each request with its
// own Idempotency-Key.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

import { verifyLedger } from '../../src/cli/verify-ledger.js';
import { SqlSessionStore } from '../../src/modules/identity/services/sql-session-store.js';
import { AGED_PACKAGES } from '../../src/modules/marketplace/domain/aged-packages.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { startPortal, type PortalProcess } from '../../test/support/portal/portal-process.js';
import { databaseWork, openBenchDatabase, type BenchDatabase, type DatabaseWork } from '../support/bench-database.js';

const PASSWORD = 'bench-wallet-1';
/** Each wallet starts with $1,000,000 (the largest single credit): a run never runs a wallet dry. */
export const FUNDS_CENTS = 100_000_000;
/** The smallest aged-lead package: 100 leads for $10. */
const PACKAGE = AGED_PACKAGES[0];
export const SPEND_CENTS = PACKAGE.priceCents;
const TIER = 'basic';
export const SPEND = `aged-lead purchase (POST /api/aged-orders as the wallet's owner: the ${PACKAGE.quantity}-lead ${TIER} package for $${PACKAGE.priceCents / 100}, claimed from the inventory and charged at once)`;
/** The most purchases per second a run is stocked for (the inventory is seeded for this rate over the whole run). */
const STOCKED_RATE = Number(process.env.BENCH_STOCKED_RATE ?? 400);
const STATES = ['FL', 'TX', 'CA', 'GA', 'NC', 'OH', 'PA', 'NY', 'AZ', 'MI', 'IL', 'VA', 'WA', 'NJ', 'TN'];

export type WalletApp = {
  readonly db: BenchDatabase;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly userIds: string[];
  /** Each agent's session cookie and CSRF token, by user id. */
  readonly sessions: ReadonlyMap<string, { cookie: string; csrfToken: string }>;
  /** Aged leads in stock at the start. */
  readonly stocked: number;
  close(): Promise<void>;
};

export async function requireScaled(name: string): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error(`${name} measures the deployment on PostgreSQL and Redis: set DATABASE_URL and REDIS_URL`);
    process.exit(2);
  }
  await fs.access('dist/server/main.js').catch(() => {
    throw new Error('Build first: npm run build');
  });
}

/**
 * A scratch database, `wallets` agents each credited FUNDS_CENTS through the app and signed in
 * (sessions seeded as sign-in stores them: a thousand sign-ins from one address would meet the
 * per-address limit), a signed-in admin session, and an aged inventory (seeded in SQL, as an
 * import or ageing would leave it) holding enough leads for `seconds` of purchases at
 * STOCKED_RATE.
 */
export async function startWalletApp(wallets: number, seconds: number, env: Record<string, string> = {}): Promise<WalletApp> {
  const db = await openBenchDatabase();
  let portal: PortalProcess | null = null;
  try {
    const pool = createPool(db.url, 2);
    const adminId = randomUUID();
    const adminEmail = 'bench-admin@portal.test';
    await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
      adminId,
      adminEmail,
      await hashPassword(PASSWORD),
    ]);
    await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
    const userIds = Array.from({ length: wallets }, () => randomUUID());
    await pool.query(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at)
       SELECT id, 'bench-agent-' || n || '@agents.test', $2, now() FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)`,
      [userIds, await hashPassword(PASSWORD)],
    );
    const store = new SqlSessionStore(pool, { idleMinutes: 24 * 60, absoluteHours: 24 });
    const sessions = new Map<string, { cookie: string; csrfToken: string }>();
    for (const userId of userIds) {
      const { token, csrfToken } = await store.create(userId, 'email', {});
      sessions.set(userId, { cookie: `portal_session=${token}`, csrfToken });
    }
    // Aged leads of the package's tier over 15 states, a second apart (oldest sold first).
    const stocked = Math.ceil(seconds * STOCKED_RATE) * PACKAGE.quantity;
    await pool.query(
      `INSERT INTO aged_inventory (lead_id, tier, state, added_at)
       SELECT gen_random_uuid(), $1, ($2::text[])[1 + n % cardinality($2::text[])], now() - make_interval(days => 31, secs => $3 - n) FROM generate_series(1, $3) AS n`,
      [TIER, STATES, stocked],
    );
    await pool.query('ANALYZE aged_inventory');
    await pool.end();

    portal = await startPortal({ DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${randomUUID()}`, ...env });
    const signIn = await fetch(`${portal.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
    });
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
      sessions,
      stocked,
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

/** wrk at `connections`, each request a random one of `userIds` buying the smallest aged package for themselves, with a fresh Idempotency-Key. */
export async function spend(app: WalletApp, userIds: readonly string[], connections: number, seconds: number): Promise<LoadResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-wallet-'));
  const script = path.join(dir, 'spend.lua');
  const run = randomUUID();
  const agents = userIds.map((id) => app.sessions.get(id)!);
  const lua = `
local cookies = { ${agents.map((a) => `"${a.cookie}"`).join(', ')} }
local csrf = { ${agents.map((a) => `"${a.csrfToken}"`).join(', ')} }
local counter = 0
local body = '{"quantity":${PACKAGE.quantity},"tier":"${TIER}"}'
math.randomseed(os.time())
request = function()
  counter = counter + 1
  local i = math.random(#cookies)
  local headers = {}
  headers["cookie"] = cookies[i]
  headers["x-csrf-token"] = csrf[i]
  headers["content-type"] = "application/json"
  headers["idempotency-key"] = "${run}-" .. counter
  return wrk.format("POST", "/api/aged-orders", headers, body)
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

/**
 * The database work of one purchase, whatever the machine's load: `count` purchases one at a
 * time (each by a random agent, its own Idempotency-Key), then a pause for the read side to
 * finish reacting to them; committed transactions and tuples read (pg_stat_database, all
 * processes, idle polling during the pause included) divided by `count`.
 */
export async function workPerSpend(app: WalletApp, count: number): Promise<DatabaseWork> {
  const pool = createPool(app.db.url, 1);
  try {
    const before = await databaseWork(pool);
    for (let i = 0; i < count; i++) {
      const agent = app.sessions.get(app.userIds[i % app.userIds.length]!)!;
      const answer = await fetch(`${app.url}/api/aged-orders`, {
        method: 'POST',
        headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ quantity: PACKAGE.quantity, tier: TIER }),
      });
      if (answer.status !== 201) throw new Error(`purchase failed: ${answer.status} ${await answer.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await databaseWork(pool);
    return { commits: (after.commits - before.commits) / count, tuples: (after.tuples - before.tuples) / count };
  } finally {
    await pool.end();
  }
}

export type LedgerCheck = {
  wallets: number;
  entries: number;
  broken: number;
  lowestCents: number;
  charges: number;
  orders: number;
  claimedLeads: number;
  ordersOff: number;
};

/**
 * After a run: every wallet's chain and postings (npm run ledger:verify's check), no agent below
 * zero, each purchase charged once and holding its package's leads (each lead in one order).
 */
export async function checkLedger(app: WalletApp): Promise<LedgerCheck> {
  const pool = createPool(app.db.url, 4);
  const store = new PostgresEventStore(pool);
  try {
    const report = await verifyLedger(pool, store, (b) =>
      console.log(`ledger break: ${b.streamId} seq ${b.seq} ${b.what} expected ${b.expected} found ${b.found}`),
    );
    const { rows } = await pool.query<{ lowest: string | null }>(
      `SELECT min(v) AS lowest FROM (SELECT sum(CASE WHEN event_type = 'BalanceAdjusted' AND data->>'direction' = 'debit' THEN -(data->>'amountCents')::bigint
                                              WHEN event_type = 'WalletCharged' THEN -(data->>'amountCents')::bigint
                                              WHEN event_type IN ('TestCreditAdded', 'BalanceAdjusted') THEN (data->>'amountCents')::bigint ELSE 0 END) AS v
                                  FROM es_events WHERE stream_id LIKE 'wallet-%' GROUP BY stream_id) AS balances`,
    );
    const { rows: charged } = await pool.query<{ charges: number; distinct_charges: number }>(
      `SELECT count(*)::int AS charges, count(DISTINCT data->>'chargeId')::int AS distinct_charges FROM es_events WHERE event_type = 'WalletCharged'`,
    );
    const { rows: orders } = await pool.query<{ orders: number; off: number }>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE o.quantity <> (SELECT count(*) FROM aged_inventory i WHERE i.order_id = o.order_id))::int AS off FROM aged_orders o WHERE o.status <> 'claimed'`,
    );
    const { rows: claimed } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM aged_inventory WHERE order_id IS NOT NULL`);
    const twice = charged[0]!.charges - charged[0]!.distinct_charges;
    return {
      wallets: report.wallets,
      entries: report.entries,
      broken: report.breaks.length + twice,
      lowestCents: Number(rows[0]?.lowest ?? 0),
      charges: charged[0]!.charges,
      orders: orders[0]!.orders,
      claimedLeads: claimed[0]!.n,
      ordersOff: orders[0]!.off,
    };
  } finally {
    await pool.end();
  }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The same spend at a fixed `rate` (requests/s over all connections, autocannon: wrk cannot hold
 * a rate): its latency is the path's own, not a queue's, as it is at the maximum.
 */
export async function spendAtRate(app: WalletApp, userIds: readonly string[], connections: number, rate: number, seconds: number): Promise<LoadResult> {
  return postAtRate(app, '/api/aged-orders', userIds, () => ({ quantity: PACKAGE.quantity, tier: TIER }), connections, rate, seconds);
}

/**
 * POSTs to `path` at a fixed `rate` (requests/s over all connections, autocannon), each request
 * as a random one of `userIds` with its own Idempotency-Key and `bodyOf(agent's index)` as body.
 */
export async function postAtRate(
  app: WalletApp,
  path: string,
  userIds: readonly string[],
  bodyOf: (index: number) => unknown,
  connections: number,
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const run = randomUUID();
  let counter = 0;
  const agents = userIds.map((id) => app.sessions.get(id)!);
  const result = await autocannon({
    url: app.url,
    connections,
    duration: seconds,
    overallRate: Math.max(1, Math.round(rate)),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const index = Math.floor(Math.random() * agents.length);
          const agent = agents[index]!;
          return {
            ...request,
            headers: { cookie: agent.cookie, 'x-csrf-token': agent.csrfToken, 'content-type': 'application/json', 'idempotency-key': `${run}-${++counter}` },
            body: JSON.stringify(bodyOf(index)),
          };
        },
      },
    ],
  });
  return {
    rate: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    output: `${result.errors} errors, ${result.timeouts} timeouts`,
  };
}
