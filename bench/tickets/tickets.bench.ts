// The admins' help-request dashboard over 100,000 tickets on the scaled deployment (an API
// process and a worker process on PostgreSQL + Redis): its first page (GET
// /api/admin/help-requests, 50 rows and the total, as the page asks) with no filter, a status,
// a priority and both, over HTTP as a signed-in admin, beside the same query run with pg on the
// same database in the same run (the query module's own function: the page and the count, side
// by side, as the handler runs them). Then agents submitting a help request with a 1 MB PDF,
// beside a bare node:http server taking the same two requests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import { SqlSessionStore } from '../../src/modules/identity/services/sql-session-store.js';
import { listHelpRequests, type HelpRequestFilters } from '../../src/modules/support/queries/list-help-requests/list-help-requests.query.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { startPortal, type PortalProcess } from '../../test/support/portal/portal-process.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';
import { percentile } from '../support/figures.js';
import { requireTool } from '../support/tools.js';
import { requireScaled } from '../wallet-debit/wallet-app.js';
import { seedAgents, seedTickets } from './seed-tickets.js';
import { pdfOf, submitWithFile, type Agent, type SubmitResult } from './submit-load.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const AGENTS = Math.max(10, Math.round(TICKETS / 50));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Rounds of each side per case, alternating, so a busy moment of the machine does not land on one side only; figures are medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Dashboards open at once: wrk connections, and callers of the plain query. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** The app's pool (DATABASE_POOL_SIZE's default): the plain query gets as many connections. */
const POOL_SIZE = 10;
/** What help-requests-page.tsx asks for. */
const PAGE_SIZE = 50;
const SUBMITTERS = Number(process.env.BENCH_SUBMITTERS ?? 16);
const SUBMIT_SECONDS = Number(process.env.BENCH_SUBMIT_SECONDS ?? 8);
const ATTACHMENT_BYTES = 1024 * 1024;
const TARGET = 0.5;
const WARM_UP_SECONDS = 2;

type Case = { name: string; status: HelpRequestFilters['status']; priority: HelpRequestFilters['priority'] };
const CASES: Case[] = [
  { name: 'no filter', status: null, priority: null },
  { name: 'status To Do', status: 'To Do', priority: null },
  { name: 'priority High', status: null, priority: 'High' },
  { name: 'In Progress + High', status: 'In Progress', priority: 'High' },
];
type Measured = { perSecond: number; p50Ms: number; p99Ms: number; pages: number };
/** A side's pages over all its rounds and the CPU of the process that ran their queries (PostgreSQL's own not included). */
type Cost = { pages: number; cpuMs: number };

/** The round with the median rate (its latencies with it). */
const medianRound = (rounds: Measured[]) => [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)]!;

/** The admin the benchmark signs in as: the dashboard's views are theirs. */
const ADMIN_ID = randomUUID();
const filtersOf = (c: Case): HelpRequestFilters => ({
  status: c.status,
  priority: c.priority,
  view: 'all',
  search: null,
  adminId: ADMIN_ID,
  offset: 0,
  limit: PAGE_SIZE,
});
function pathOf(c: Case): string {
  const query = new URLSearchParams({ offset: '0', limit: String(PAGE_SIZE) });
  if (c.status) query.set('status', c.status);
  if (c.priority) query.set('priority', c.priority);
  return `/api/admin/help-requests?${query}`;
}

/** wrk at CONNECTIONS for `seconds` on one URL with the admin's cookie. */
function wrkGet(url: string, cookie: string, seconds: number): Measured {
  const out = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '10s', '-H', `cookie: ${cookie}`, url], {
    encoding: 'utf8',
  });
  if (out.error) throw out.error;
  const text = out.stdout;
  if (/Non-2xx|Socket errors/.test(text)) throw new Error(`errors under load:\n${text}`);
  const latency = (p: string) => {
    const m = text.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return NaN;
    const value = Number(m[1]);
    return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
  };
  return {
    perSecond: Number(text.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    pages: Number(text.match(/(\d+) requests in/)?.[1] ?? NaN),
  };
}

/** CONNECTIONS callers each running the query module's page and count for `seconds`, one after the other. */
async function plainQuery(pool: ReturnType<typeof createPool>, filters: HelpRequestFilters, seconds: number): Promise<Measured> {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        await listHelpRequests(pool, filters);
        samples.push(performance.now() - at);
      }
    }),
  );
  return {
    perSecond: samples.length / ((performance.now() - started) / 1000),
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    pages: samples.length,
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc, 100 ticks a second). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs one round and adds its pages and `cpuMs()`'s difference to `cost`. */
async function costed(cost: Cost, cpuMs: () => number, round: () => Promise<Measured> | Measured): Promise<Measured> {
  const cpu = cpuMs();
  const measured = await round();
  cost.cpuMs += cpuMs() - cpu;
  cost.pages += measured.pages;
  return measured;
}

async function startBareUploadServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/tickets/bare-upload-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}: ${output}`)));
  });
  return { url, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, m: Measured) =>
  `${label.padEnd(6)} ${fmt(m.perSecond).padStart(6)} pages/s  p50 ${ms(m.p50Ms).padStart(9)}  p99 ${ms(m.p99Ms).padStart(9)}`;
const costLine = (cost: Cost, who: string) => `CPU of ${who} ${(cost.cpuMs / cost.pages).toFixed(2)} ms/page`;
const submitLine = (label: string, r: SubmitResult) =>
  `  ${label.padEnd(40)} ${r.perSecond.toFixed(1).padStart(7)} submissions/s  ${r.megabytesPerSecond.toFixed(1).padStart(6)} MB/s  p50 ${ms(r.p50Ms).padStart(9)} (submit ${ms(r.submitP50Ms)}, upload ${ms(r.uploadP50Ms)})  p99 ${ms(r.p99Ms).padStart(9)}  (${r.submissions})`;

await requireScaled('tickets');
requireTool('wrk', 'tickets');
const db = await openBenchDatabase();
const processes: PortalProcess[] = [];
let bare: ChildProcess | null = null;
try {
  const pool = createPool(db.url, POOL_SIZE);
  const seedStarted = performance.now();
  await seedAgents(pool, AGENTS);
  await seedTickets(pool, TICKETS);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const adminId = ADMIN_ID;
  await pool.query(`INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, 'bench-admin@portal.test', now())`, [adminId]);
  await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
  const sessions = new SqlSessionStore(pool, { idleMinutes: 24 * 60, absoluteHours: 24 });
  const adminCookie = `portal_session=${(await sessions.create(adminId, 'email', {})).token}`;
  const { rows: submitterIds } = await pool.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE '%@agents.test' ORDER BY email LIMIT $1`, [
    SUBMITTERS,
  ]);
  const agents: Agent[] = [];
  for (const { id } of submitterIds) {
    const { token, csrfToken } = await sessions.create(id, 'email', {});
    agents.push({ cookie: `portal_session=${token}`, csrfToken });
  }

  // The submitters post far more help requests an hour than an agent may (SUPPORT_TICKETS_PER_HOUR): lifted for the measurement.
  const env = { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${randomUUID()}`, SUPPORT_TICKETS_PER_HOUR: '10000' };
  processes.push(await startPortal({ ...env, RUN_WORKERS: 'true' }, 'worker'));
  const api = await startPortal({ ...env, RUN_WORKERS: 'false' });
  processes.push(api);

  console.log(
    `tickets: the dashboard's first page (${PAGE_SIZE} rows and the total) over ${fmt(TICKETS)} tickets from ${fmt(AGENTS)} agents (seeded in ${seedSeconds.toFixed(1)} s) on ${db.label}; API and worker processes, jobs on Redis`,
  );
  console.log(
    `${CONNECTIONS} at a time, medians of ${ROUNDS} alternating rounds of ${SECONDS} s after a warm-up (${WARM_UP_SECONDS} s per case and side, then 1 s); http: wrk as a signed-in admin; sql: the query module's page and count with pg, pool of ${POOL_SIZE}`,
  );
  // Both sides warmed on every case first (a new process's first seconds are compiling code and filling caches), then 1 s again before each case.
  for (const c of CASES) {
    await plainQuery(pool, filtersOf(c), WARM_UP_SECONDS);
    wrkGet(api.url + pathOf(c), adminCookie, WARM_UP_SECONDS);
  }
  const ratios: number[] = [];
  for (const c of CASES) {
    const filters = filtersOf(c);
    // The app's answer is the plain query's: same total, same first row.
    const expected = await listHelpRequests(pool, filters);
    const answer = (await (await fetch(api.url + pathOf(c), { headers: { cookie: adminCookie } })).json()) as { rows: { ticketId: string }[]; total: number };
    if (answer.total !== expected.total || answer.rows[0]?.ticketId !== (expected.rows[0] as { ticketId: string } | undefined)?.ticketId)
      throw new Error(`${c.name}: the app answered total ${answer.total}, the query ${expected.total}`);
    await plainQuery(pool, filters, 1);
    wrkGet(api.url + pathOf(c), adminCookie, 1);
    const sqlRounds: Measured[] = [];
    const httpRounds: Measured[] = [];
    const sqlCost: Cost = { pages: 0, cpuMs: 0 };
    const httpCost: Cost = { pages: 0, cpuMs: 0 };
    const ownCpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    for (let round = 0; round < ROUNDS; round++) {
      sqlRounds.push(await costed(sqlCost, ownCpuMs, () => plainQuery(pool, filters, SECONDS)));
      httpRounds.push(
        await costed(
          httpCost,
          () => cpuMsOf(api.pid),
          () => wrkGet(api.url + pathOf(c), adminCookie, SECONDS),
        ),
      );
    }
    const [sql, http] = [medianRound(sqlRounds), medianRound(httpRounds)];
    const ratio = http.perSecond / sql.perSecond;
    ratios.push(ratio);
    console.log(`${c.name} (total ${fmt(expected.total)}):`);
    console.log(`  ${line('sql', sql)}  ${costLine(sqlCost, 'this process (pg)')}`);
    console.log(`  ${line('http', http)}  ${costLine(httpCost, 'the API process')}  ratio ${ratio.toFixed(2)}`);
  }

  const pdf = pdfOf(ATTACHMENT_BYTES);
  const started = await startBareUploadServer();
  bare = started.child;
  await submitWithFile(started.url, agents, pdf, 1);
  const bareRun = await submitWithFile(started.url, agents, pdf, SUBMIT_SECONDS);
  await submitWithFile(api.url, agents, pdf, 1);
  const appRun = await submitWithFile(api.url, agents, pdf, SUBMIT_SECONDS);
  console.log(`submit a help request with a 1 MB PDF, ${SUBMITTERS} agents at once, ${SUBMIT_SECONDS} s:`);
  console.log(submitLine('reference: bare node:http, file to disk', bareRun));
  console.log(submitLine('app: POST tickets, then POST its files', appRun));
  console.log(`  app ÷ bare ${(appRun.perSecond / bareRun.perSecond).toFixed(2)} (printed only)`);
  console.log(`target: the dashboard's http pages/s ≥ ${TARGET}× the plain query's in every case; ratio = the lowest case`);
  console.log(`ratio ${Math.min(...ratios).toFixed(2)}`);
  await pool.end();
} finally {
  if (bare) await stopChild(bare);
  for (const started of processes.reverse()) await started.stop();
  await db.drop();
}
