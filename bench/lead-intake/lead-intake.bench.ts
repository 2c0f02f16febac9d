// Leads per second from intake to assigned on the scaled deployment (an API process and a
// worker process on PostgreSQL + Redis): a vendor posts leads through POST /api/intake/leads
// with its key, the worker's allocation job sells each to the campaigns that match (1,000
// active campaigns on 200 funded wallets, some targeting states, some capped), and a lead is
// assigned when its LeadAllocated event is stored. Beside the event store's single-event
// append rate through the port (as event-store-append measures it), in the same run.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import pLimit from 'p-limit';
import type pg from 'pg';

import { verifyLedger } from '../../src/cli/verify-ledger.js';
import { SqlSessionStore } from '../../src/modules/identity/services/sql-session-store.js';
import { TIERS } from '../../src/modules/marketplace/contracts/campaign-events.js';
import { US_STATES } from '../../src/modules/marketplace/contracts/us-states.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { ApiClient } from '../../test/support/portal/api-client.js';
import { startPortal, type PortalProcess } from '../../test/support/portal/portal-process.js';
import { zipOf } from '../../test/support/us-zips.js';
import { databaseWork, fmt, openBenchDatabase, type BenchDatabase } from '../support/bench-database.js';
import { percentile } from '../support/figures.js';
import { requireScaled } from '../wallet-debit/wallet-app.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const REFERENCE_SECONDS = Number(process.env.BENCH_REFERENCE_SECONDS ?? 5);
const REFERENCE_WRITERS = 8;
/** Leads posted and not yet assigned at any moment while the maximum rate is measured. */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);
const WALLETS = 200;
const CAMPAIGNS = 1_000;
const FUNDS_CENTS = 1_000_000; // $10,000 a wallet
const BUDGET_CENTS = 100_000; // $1,000 a campaign: 5 campaigns hold $5,000 of each wallet
const PRICES: Record<string, number> = { basic: 500, premium: 1_000, exclusive: 2_500 };
/** How long leads may take to be assigned after posting stops before the run gives up. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);
const TARGET_RATIO = 0.15;
const TARGET_P99_MS = 500;
const PASSWORD = 'bench-lead-intake-1';
const DATA_TIERS = TIERS.data_leads;
/** Where most leads come from (and what the state-targeted campaigns ask for). */
const POPULAR = ['FL', 'TX', 'CA', 'GA', 'NC', 'OH', 'PA', 'NY', 'AZ', 'MI'];

/** CPU seconds a process has used (user + system), from /proc. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** CPU seconds the whole machine has been busy (all cores), from /proc/stat. */
async function machineBusySeconds(): Promise<number> {
  const [, user, nice, system, , , irq, softirq] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}
const cpuNow = async (deployment: Deployment) => ({
  api: await cpuSecondsOf(deployment.api.pid),
  worker: await cpuSecondsOf(deployment.worker.pid),
  machine: await machineBusySeconds(),
  at: performance.now(),
});

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The port's single-event append rate at 8 writers on a scratch database of its own (event-store-append's "port single"). */
async function referenceAppends(): Promise<number> {
  const db = await openBenchDatabase();
  const pool = createPool(db.url, REFERENCE_WRITERS + 4);
  const store = new PostgresEventStore(pool, { sharedDatabaseUrl: db.url });
  const payload = { amountCents: 2_500, method: 'card', note: 'benchmark deposit' };
  const ctx = systemContext('bench');
  try {
    const run = async (seconds: number) => {
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      let done = 0;
      await Promise.all(
        Array.from({ length: REFERENCE_WRITERS }, async () => {
          const streamId = `bench-${randomUUID()}`;
          let version = 0n;
          while (performance.now() < deadline) {
            const result = await store.append(streamId, [newEvent('FundsDeposited', payload, ctx)], {
              expectedVersion: version === 0n ? 'no_stream' : version,
            });
            version = result.nextExpectedVersion;
            done += 1;
          }
        }),
      );
      return done / ((performance.now() - started) / 1000);
    };
    await run(1); // warm-up
    return await run(REFERENCE_SECONDS);
  } finally {
    await store.close();
    await pool.end();
    await db.drop();
  }
}

/**
 * The design's ceiling: per lead only the appends the money.md process makes at the least (the
 * lead received, each buyer's capture on their own wallet stream, the sales on the lead's
 * stream), each its own transaction as "no request writes two streams" asks, through the same
 * port at the reference's 8 writers, in the bench's mix of buyers per lead (exclusive 1 of 25%,
 * shared 3). No HTTP, validation, read model, job or campaign step: any real allocation does more.
 */
async function designCeiling(): Promise<{ leadsPerSecond: number; appendsPerLead: number }> {
  const db = await openBenchDatabase();
  const pool = createPool(db.url, REFERENCE_WRITERS + 4);
  const store = new PostgresEventStore(pool, { sharedDatabaseUrl: db.url });
  const ctx = systemContext('bench');
  const wallets = Array.from({ length: WALLETS }, () => `wallet-${randomUUID()}`);
  let appends = 0;
  try {
    const run = async (seconds: number) => {
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      let leads = 0;
      await Promise.all(
        Array.from({ length: REFERENCE_WRITERS }, async () => {
          while (performance.now() < deadline) {
            const leadStreamId = `lead-${randomUUID()}`;
            const buyers = Math.random() < 0.25 ? 1 : 3;
            await store.append(leadStreamId, [newEvent('LeadReceived', { state: 'FL', tier: 'premium' }, ctx)], { expectedVersion: 'no_stream' });
            for (let b = 0; b < buyers; b++) {
              const wallet = wallets[Math.floor(Math.random() * wallets.length)]!;
              await store.append(wallet, [newEvent('HoldCaptured', { amountCents: 1_000 }, ctx)], { expectedVersion: 'any' });
            }
            await store.append(leadStreamId, [newEvent('LeadSold', { buyers }, ctx)], { expectedVersion: 1n });
            appends += buyers + 2;
            leads += 1;
          }
        }),
      );
      return leads / ((performance.now() - started) / 1000);
    };
    await run(1);
    appends = 0;
    const leadsPerSecond = await run(REFERENCE_SECONDS);
    return { leadsPerSecond, appendsPerLead: appends / (leadsPerSecond * REFERENCE_SECONDS) };
  } finally {
    await store.close();
    await pool.end();
    await db.drop();
  }
}

/** The next valid US phone number (valid by the library intake uses), each one once a run. */
const AREAS = ['407', '512', '305', '212', '415', '617', '713', '404', '303', '602', '704', '614', '215', '313', '206'];
let phoneCounter = 0;
function nextPhone(): string {
  for (;;) {
    const k = phoneCounter++;
    const area = AREAS[k % AREAS.length]!;
    const rest = Math.floor(k / AREAS.length);
    const exchange = 201 + (rest % 700);
    const line = Math.floor(rest / 700) % 10_000;
    if (exchange % 100 === 11 || exchange === 555) continue;
    const phone = `+1${area}${exchange}${String(line).padStart(4, '0')}`;
    if (parsePhoneNumberFromString(phone)?.isValid()) return phone;
  }
}

let leadCounter = 0;
/** The next lead: 60% from the popular states, the rest from anywhere; tiers 40% basic, 35% premium, 25% exclusive. */
function nextLead() {
  const n = leadCounter++;
  const r = Math.random();
  const state = Math.random() < 0.6 ? POPULAR[Math.floor(Math.random() * POPULAR.length)]! : US_STATES[Math.floor(Math.random() * US_STATES.length)]!;
  const tier = r < 0.4 ? 'basic' : r < 0.75 ? 'premium' : 'exclusive';
  return {
    firstName: 'Bench',
    lastName: `Lead${n}`,
    phone: nextPhone(),
    email: null,
    state,
    zip: zipOf(state),
    age: 25 + (n % 50),
    source: 'data_leads',
    tier,
    consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
    externalId: `bench-${n}`,
  };
}

/** Campaign `j`: tiers in turn; half target 2–5 states; every 5th a daily cap of 5, every 7th a weekly cap of 15. */
function campaignOf(j: number) {
  const tier = DATA_TIERS[j % DATA_TIERS.length]!;
  const states =
    j % 2 === 0
      ? Array.from({ length: 2 + (j % 4) }, (_, i) => (i === 0 ? POPULAR[j % POPULAR.length]! : US_STATES[(j * 7 + i * 13) % US_STATES.length]!))
      : [];
  return {
    name: `Bench ${tier} ${j}`,
    source: 'data_leads',
    tier,
    budgetCents: BUDGET_CENTS,
    targeting: { states: [...new Set(states)], dailyCap: j % 5 === 0 ? 5 : null, weeklyCap: j % 7 === 0 ? 15 : null, schedule: null },
  };
}

type Assigned = { at: number; buyers: number };

/** Watches es_events for the LeadAllocated of the leads it is given (one query every 10 ms for all pending leads). */
class AllocationWatch {
  private readonly pending = new Map<string, (assigned: Assigned) => void>();
  private stopped = false;
  private readonly loop: Promise<void>;

  constructor(private readonly pool: pg.Pool) {
    this.loop = this.poll();
  }

  /** Resolves when the lead is assigned; rejects after DRAIN_SECONDS (a lead lost, or a run far beyond capacity). */
  wait(leadId: string): Promise<Assigned> {
    const streamId = `lead-${leadId}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(streamId);
        reject(new Error(`lead ${leadId} was not assigned within ${DRAIN_SECONDS} s`));
      }, DRAIN_SECONDS * 1000);
      this.pending.set(streamId, (assigned) => {
        clearTimeout(timer);
        resolve(assigned);
      });
    });
  }

  private async poll(): Promise<void> {
    while (!this.stopped) {
      if (this.pending.size > 0) {
        const { rows } = await this.pool.query<{ stream_id: string; at: Date; buyers: number }>(
          `SELECT stream_id, created_at AS at, (data->>'buyers')::int AS buyers FROM es_events WHERE event_type = 'LeadAllocated' AND stream_id = ANY($1::text[])`,
          [[...this.pending.keys()]],
        );
        for (const row of rows) {
          const resolve = this.pending.get(row.stream_id);
          this.pending.delete(row.stream_id);
          resolve?.({ at: row.at.getTime(), buyers: row.buyers });
        }
      }
      await sleep(10);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}

type Deployment = { db: BenchDatabase; api: PortalProcess; worker: PortalProcess; vendorKey: string; close(): Promise<void> };

/** Scratch database, worker and API processes, an admin, a vendor, prices, 200 funded agents with 1,000 active campaigns. */
async function deploy(): Promise<Deployment> {
  const db = await openBenchDatabase();
  const processes: PortalProcess[] = [];
  const close = async () => {
    for (const started of processes.reverse()) await started.stop();
    await db.drop();
  };
  try {
    const pool = createPool(db.url, 4);
    const passwordHash = await hashPassword(PASSWORD);
    const adminEmail = 'bench-admin@portal.test';
    const adminId = randomUUID();
    await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [adminId, adminEmail, passwordHash]);
    await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
    const agents = Array.from({ length: WALLETS }, (_, n) => ({ id: randomUUID(), email: `bench-agent-${n}@agents.test` }));
    await pool.query(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at) SELECT id, email, $3, now() FROM unnest($1::uuid[], $2::text[]) AS u(id, email)`,
      [agents.map((a) => a.id), agents.map((a) => a.email), passwordHash],
    );

    const env = { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${randomUUID()}`, LEAD_INTAKE_REQUESTS_PER_MINUTE: '100000' };
    processes.push(await startPortal({ ...env, RUN_WORKERS: 'true' }, 'worker'));
    const api = await startPortal({ ...env, RUN_WORKERS: 'false' });
    processes.push(api);
    const worker = processes[0]!;

    const admin = new ApiClient(api.url);
    const signedIn = await admin.signIn(adminEmail, PASSWORD);
    if (signedIn.status !== 200) throw new Error(`admin sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
    const vendor = await admin.request('POST', '/api/admin/lead-vendors', { name: 'Bench Vendor' });
    if (vendor.status >= 300) throw new Error(`vendor: ${vendor.status} ${await vendor.text()}`);
    const { apiKey } = (await vendor.json()) as { apiKey: string };
    for (const [tier, priceCents] of Object.entries(PRICES)) {
      const set = await admin.request('PUT', `/api/admin/lead-prices/data_leads/${tier}`, { priceCents });
      if (set.status !== 200) throw new Error(`price ${tier}: ${set.status} ${await set.text()}`);
    }

    // The agents' sessions are seeded as sign-in stores them (200 sign-ins from one address
    // would meet the per-address sign-in limit); every request then goes through the session guard.
    const sessions = new SqlSessionStore(pool, { idleMinutes: 24 * 60, absoluteHours: 24 });
    const clients = await Promise.all(
      agents.map(async (agent) => {
        const { token, csrfToken } = await sessions.create(agent.id, 'email', {});
        return (method: string, path: string, body: unknown) =>
          fetch(`${api.url}${path}`, {
            method,
            headers: { 'content-type': 'application/json', cookie: `portal_session=${token}`, 'x-csrf-token': csrfToken, 'idempotency-key': randomUUID() },
            body: JSON.stringify(body),
          });
      }),
    );
    await pLimit(8).map(agents, async (agent) => {
      const credited = await admin.request(
        'POST',
        `/api/admin/wallets/${agent.id}/test-credit`,
        { amountCents: FUNDS_CENTS },
        { 'idempotency-key': randomUUID() },
      );
      if (credited.status !== 200) throw new Error(`funding failed: ${credited.status} ${await credited.text()}`);
    });
    // Funds reach the wallet's stream at once; the campaigns' holds are decided on it.
    await pLimit(16).map(
      Array.from({ length: CAMPAIGNS }, (_, j) => j),
      async (j) => {
        const created = await clients[j % WALLETS]!('POST', '/api/campaigns', campaignOf(j));
        if (created.status !== 201) throw new Error(`campaign ${j}: ${created.status} ${await created.text()}`);
      },
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await pool.query<{ active: number }>(`SELECT count(*)::int AS active FROM rm_campaigns WHERE status = 'active'`);
      if (rows[0]!.active >= CAMPAIGNS) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0]!.active} of ${CAMPAIGNS} campaigns became active`);
      await sleep(200);
    }
    await pool.end();
    return { db, api, worker, vendorKey: apiKey, close };
  } catch (error) {
    await close();
    throw error;
  }
}

type Sample = { leadId: string; sentAt: number; latencyMs: number; buyers: number; assignedAt: number };

class Intake {
  readonly failures: string[] = [];
  serverErrors = 0;

  constructor(
    private readonly deployment: Deployment,
    private readonly watch: AllocationWatch,
  ) {}

  /** Posts one lead and resolves when it is assigned (null when intake refused it). */
  async one(): Promise<Sample | null> {
    const sentAt = Date.now();
    const answer = await fetch(`${this.deployment.api.url}/api/intake/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.deployment.vendorKey}` },
      body: JSON.stringify(nextLead()),
    });
    const body = (await answer.json()) as { leadId?: string; status?: string };
    if (answer.status !== 201 || body.status !== 'accepted') {
      if (answer.status >= 500) this.serverErrors += 1;
      if (this.failures.length < 5) this.failures.push(`${answer.status} ${JSON.stringify(body)}`);
      return null;
    }
    const assigned = await this.watch.wait(body.leadId!);
    return { leadId: body.leadId!, sentAt, latencyMs: assigned.at - sentAt, buyers: assigned.buyers, assignedAt: assigned.at };
  }
}

/** Where the time of each lead went: posted → LeadReceived in es_events (the outbox relay) → first offer (dispatcher, queue, job start) → LeadAllocated. */
async function stages(pool: pg.Pool, samples: readonly Sample[]): Promise<{ stored: number[]; started: number[]; allocated: number[] }> {
  const { rows } = await pool.query<{ stream_id: string; received: Date; offered: Date | null; allocated: Date }>(
    `SELECT stream_id, min(created_at) FILTER (WHERE event_type = 'LeadReceived') AS received, min(created_at) FILTER (WHERE event_type = 'LeadOffered') AS offered,
            min(created_at) FILTER (WHERE event_type = 'LeadAllocated') AS allocated
       FROM es_events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
    [samples.map((sample) => `lead-${sample.leadId}`)],
  );
  const sentAt = new Map(samples.map((sample) => [`lead-${sample.leadId}`, sample.sentAt]));
  const result = { stored: [] as number[], started: [] as number[], allocated: [] as number[] };
  for (const row of rows) {
    const offered = (row.offered ?? row.allocated).getTime();
    result.stored.push(row.received.getTime() - sentAt.get(row.stream_id)!);
    result.started.push(offered - row.received.getTime());
    result.allocated.push(row.allocated.getTime() - offered);
  }
  return result;
}

/** IN_FLIGHT leads outstanding at all times: assigned leads per second over SECONDS after a warm-up. */
async function maximumRate(intake: Intake): Promise<{ rate: number; samples: Sample[]; all: number }> {
  const started = Date.now();
  const windowStart = started + WARM_UP_SECONDS * 1000;
  const windowEnd = windowStart + SECONDS * 1000;
  const samples: Sample[] = [];
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < windowEnd) {
        const sample = await intake.one();
        if (sample) samples.push(sample);
      }
    }),
  );
  const inWindow = samples.filter((s) => s.assignedAt >= windowStart && s.assignedAt < windowEnd);
  return { rate: inWindow.length / SECONDS, samples: inWindow, all: samples.length };
}

/** Leads posted at a steady `rate` for `seconds`, each timed from its post until assigned. */
async function atRate(intake: Intake, rate: number, seconds: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const posts: Promise<void>[] = [];
  const count = Math.max(1, Math.round(rate * seconds));
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    posts.push(
      intake.one().then((sample) => {
        if (sample) samples.push(sample);
      }),
    );
  }
  await Promise.all(posts);
  return samples;
}

/** After the run: no lead sold beyond its buyers or twice to one agent, each sale charged once, no wallet below zero, ledger chains whole. */
async function checkInvariants(url: string): Promise<string[]> {
  const pool = createPool(url, 4);
  const store = new PostgresEventStore(pool);
  const problems: string[] = [];
  try {
    const { rows: oversold } = await pool.query<{ stream_id: string }>(
      `SELECT s.stream_id FROM es_events s
        WHERE s.event_type = 'LeadSold'
        GROUP BY s.stream_id
       HAVING count(*) > count(DISTINCT s.data->>'ownerId')
           OR count(*) > (SELECT min((o.data->>'maxBuyers')::int) FROM es_events o WHERE o.stream_id = s.stream_id AND o.event_type = 'LeadOffered')`,
    );
    if (oversold.length > 0) problems.push(`leads sold beyond their buyers or twice to one agent: ${oversold.length} (e.g. ${oversold[0]!.stream_id})`);
    const { rows: twice } = await pool.query<{ capture: string }>(
      `SELECT data->>'captureId' AS capture FROM es_events WHERE event_type = 'HoldCaptured' GROUP BY stream_id, data->>'captureId', data->>'holdId' HAVING count(*) > 1`,
    );
    if (twice.length > 0) problems.push(`captures charged twice: ${twice.length} (e.g. ${twice[0]!.capture})`);
    const { rows: counts } = await pool.query<{ sold: number; captured: number }>(
      `SELECT count(*) FILTER (WHERE event_type = 'LeadSold')::int AS sold, count(*) FILTER (WHERE event_type = 'HoldCaptured')::int AS captured FROM es_events WHERE event_type IN ('LeadSold', 'HoldCaptured')`,
    );
    if (counts[0]!.sold !== counts[0]!.captured) problems.push(`${counts[0]!.sold} leads sold but ${counts[0]!.captured} captures`);
    const { rows: negative } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rm_wallet_balances WHERE available_cents < 0`);
    if (negative[0]!.n > 0) problems.push(`${negative[0]!.n} wallets below zero (read model)`);
    const report = await verifyLedger(pool, store);
    if (report.breaks.length > 0) problems.push(`${report.breaks.length} ledger breaks`);
  } finally {
    await pool.end();
  }
  return problems;
}

await requireScaled('lead-intake');
const reference = await referenceAppends();
const ceiling = await designCeiling();
const deployment = await deploy();
try {
  const watchPool = createPool(deployment.db.url, 2);
  const watch = new AllocationWatch(watchPool);
  const intake = new Intake(deployment, watch);
  try {
    const before = await databaseWork(watchPool);
    const cpuBefore = await cpuNow(deployment);
    const maximum = await maximumRate(intake);
    const cpuAfter = await cpuNow(deployment);
    // pg_stat_database hears from each backend at most every 500 ms (and counts this watch's polling too).
    await sleep(600);
    const after = await databaseWork(watchPool);
    const work = { commits: (after.commits - before.commits) / maximum.all, tuples: (after.tuples - before.tuples) / maximum.all };
    if (process.env.BENCH_TABLE_STATS) {
      // Where the tuples read come from (for profiling; counts since the database was made).
      const { rows } = await watchPool.query<{
        relname: string;
        seq_scan: string;
        seq_tup_read: string;
        idx_scan: string;
        idx_tup_fetch: string;
        n_tup_upd: string;
        n_tup_ins: string;
      }>(
        `SELECT relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch, n_tup_upd, n_tup_ins FROM pg_stat_user_tables ORDER BY seq_tup_read + coalesce(idx_tup_fetch, 0) DESC LIMIT 10`,
      );
      for (const row of rows)
        console.log(
          `table ${row.relname}: seq scans ${row.seq_scan} reading ${row.seq_tup_read}, index scans ${row.idx_scan} fetching ${row.idx_tup_fetch}, updates ${row.n_tup_upd}, inserts ${row.n_tup_ins}`,
        );
    }
    const half = maximum.rate / 2;
    await sleep(2_000); // the backlog of the maximum run gone
    // At least 200 leads for the p99 (and SECONDS), at most a minute.
    const halfSeconds = Math.min(60, Math.max(SECONDS, 200 / half));
    const steady = await atRate(intake, half, halfSeconds);
    const latencies = steady.map((s) => s.latencyMs);
    const split = await stages(watchPool, steady);
    const maximumSplit = await stages(watchPool, maximum.samples);
    const spread = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;

    const problems = await checkInvariants(deployment.db.url);
    const { rows: reasons } = await watchPool.query<{ reason: string; n: number }>(
      `SELECT p->>'reason' AS reason, count(*)::int AS n FROM es_events, jsonb_array_elements(data->'passedOver') AS p WHERE event_type = 'LeadAllocated' GROUP BY 1 ORDER BY 2 DESC`,
    );
    const { rows: totals } = await watchPool.query<{ leads: number; sold: number }>(
      `SELECT count(*) FILTER (WHERE event_type = 'LeadAllocated')::int AS leads, count(*) FILTER (WHERE event_type = 'LeadSold')::int AS sold FROM es_events WHERE event_type IN ('LeadAllocated', 'LeadSold')`,
    );
    const unsold = [...maximum.samples, ...steady].filter((s) => s.buyers === 0).length;

    console.log(
      `lead-intake: ${fmt(CAMPAIGNS)} active campaigns on ${WALLETS} wallets (data leads, tiers in turn; half target 2–5 states, every 5th a daily cap of 5, every 7th a weekly cap of 15)`,
    );
    console.log(
      `deployment: one API process (RUN_WORKERS=false) and one worker process, PostgreSQL (DATABASE_URL) + Redis (REDIS_URL); leads posted one per request with a vendor key`,
    );
    console.log(
      `event-store port single-event appends at ${REFERENCE_WRITERS} writers (event-store-append's "port single"), ${REFERENCE_SECONDS} s: ${fmt(reference)} appends/s`,
    );
    console.log(
      `reference, the design's ceiling (only the appends money.md's process needs per lead at the least, ${ceiling.appendsPerLead.toFixed(1)} on average, each in its own transaction through the port at ${REFERENCE_WRITERS} writers, nothing else): ${ceiling.leadsPerSecond.toFixed(0)} leads/s (${(ceiling.leadsPerSecond / reference).toFixed(3)}x the single appends)`,
    );
    console.log(
      `maximum: ${IN_FLIGHT} leads in flight, ${SECONDS} s after ${WARM_UP_SECONDS} s warm-up: ${maximum.rate.toFixed(1)} leads/s assigned (latency p50 ${ms(
        percentile(
          maximum.samples.map((s) => s.latencyMs),
          50,
        ),
      )}, p99 ${ms(
        percentile(
          maximum.samples.map((s) => s.latencyMs),
          99,
        ),
      )})`,
    );
    console.log(
      `  of which: posted → LeadReceived stored ${spread(maximumSplit.stored)}; → first offer ${spread(maximumSplit.started)}; → LeadAllocated ${spread(maximumSplit.allocated)}`,
    );
    console.log(
      `at half that (${half.toFixed(1)} leads/s posted for ${halfSeconds.toFixed(0)} s, ${steady.length} leads): intake to assigned p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (target p99 <= ${TARGET_P99_MS} ms)`,
    );
    console.log(
      `  of which: posted → LeadReceived stored (outbox relay) ${spread(split.stored)}; → first offer (dispatcher, queue, job) ${spread(split.started)}; → LeadAllocated (the allocation) ${spread(split.allocated)}`,
    );
    const wall = (cpuAfter.at - cpuBefore.at) / 1000;
    const share = (seconds: number) => `${((100 * seconds) / wall).toFixed(0)}%`;
    console.log(
      `CPU during the maximum run (${wall.toFixed(1)} s, % of one core): API process ${share(cpuAfter.api - cpuBefore.api)}, worker process ${share(cpuAfter.worker - cpuBefore.worker)}, whole machine ${share(cpuAfter.machine - cpuBefore.machine)} of ${availableParallelism() * 100}%`,
    );
    console.log(
      `database work per lead during the maximum run (all processes, the watch's polling included): ${work.commits.toFixed(1)} commits (goal <= 8), ${fmt(work.tuples)} tuples read`,
    );
    console.log(
      `allocations: ${fmt(totals[0]!.leads)} leads assigned, ${fmt(totals[0]!.sold)} sales (${unsold} timed leads sold to nobody); passed over: ${reasons.map((r) => `${r.reason} ${fmt(r.n)}`).join(', ')}`,
    );
    console.log(`intake refusals: ${intake.failures.length === 0 ? 'none' : intake.failures.join('; ')}; 5xx answers ${intake.serverErrors}`);
    console.log(
      `invariants: ${problems.length === 0 ? 'no lead oversold or sold twice to one agent, each sale captured once, no wallet below zero, ledger chains whole' : `BROKEN: ${problems.join('; ')}`}`,
    );
    if (problems.length > 0 || intake.serverErrors > 0) process.exitCode = 1;
    console.log(`target ratio >= ${TARGET_RATIO} (leads assigned per second / the design's ceiling in leads per second)`);
    console.log(`ratio ${(maximum.rate / ceiling.leadsPerSecond).toFixed(3)}`);
  } finally {
    await watch.stop();
    await watchPool.end();
  }
} finally {
  await deployment.close();
}
