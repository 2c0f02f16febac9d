// An admin's aged-lead CSV import of 10,000 rows on the scaled deployment (an API process and
// a worker process on PostgreSQL + Redis): from the upload (POST /api/admin/aged-leads/import)
// to the import's job having stored every row (its status done, as the admin page sees it),
// beside a plain COPY of the same file into a table of its columns on the same server in the
// same run. Meanwhile an agent's page keeps asking for its wallet (GET /api/wallet) at a steady
// rate: its latency during the import, and while the imported leads' allocation runs in the
// jobs' background lane afterwards, against the same requests before the import.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { SqlSessionStore } from '../../src/modules/identity/services/sql-session-store.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { ApiClient } from '../../test/support/portal/api-client.js';
import { startPortal, type PortalProcess } from '../../test/support/portal/portal-process.js';
import { zipOf } from '../../test/support/us-zips.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';
import { percentile } from '../support/figures.js';
import { requireScaled } from '../wallet-debit/wallet-app.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const WARM_UP_ROWS = 200;
const TARGET_SECONDS = 5;
const TARGET_P99_MS = 200;
/** The other requests' steady rate while the import runs. */
const PROBE_PER_SECOND = 20;
const BASELINE_SECONDS = 5;
/** How long the imported leads' allocation may take to finish before the run stops waiting (it is reported, not a target). */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 240);
const COPY_RUNS = 3;
const PASSWORD = 'bench-aged-import-1';
const HEADER = 'firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId';
const AREA_CODES = ['213', '404', '503', '615', '713', '801'];
const STATES = ['FL', 'TX', 'CA', 'GA', 'NC', 'OH', 'PA', 'NY', 'AZ', 'MI'];
const TIERS = ['basic', 'business', 'jgs_leads'];

/** `count` rows from the `first`th on: each a valid US adult with a phone and e-mail no other row has. */
function csvOf(first: number, count: number): string {
  const consentAt = new Date(Date.now() - 86_400_000).toISOString();
  const lines = Array.from({ length: count }, (_, k) => {
    const n = first + k;
    const m = Math.floor(n / AREA_CODES.length);
    const phone = `+1${AREA_CODES[n % AREA_CODES.length]}${230 + Math.floor(m / 10_000)}${String(m % 10_000).padStart(4, '0')}`;
    const state = STATES[n % STATES.length]!;
    return `Ada,King ${n},${phone},ada.${n}@example.com,${state},${zipOf(state)},,${30 + (n % 50)},${TIERS[n % TIERS.length]},"I agree to be contacted, by phone or e-mail.",${consentAt},csv-${n}`;
  });
  return `${[HEADER, ...lines].join('\n')}\n`;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Requests at a steady rate, each timed from when it was due (a slow answer delays nothing after it). */
class Probe {
  private readonly samples: { at: number; ms: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(private readonly request: () => Promise<Response>) {}

  start(): void {
    this.timer = setInterval(() => {
      const at = performance.now();
      this.request()
        .then(async (answer) => {
          await answer.arrayBuffer();
          if (answer.status !== 200) this.failures++;
          this.samples.push({ at, ms: performance.now() - at });
        })
        .catch(() => this.failures++);
    }, 1_000 / PROBE_PER_SECOND);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  between(from: number, to: number): number[] {
    return this.samples.filter((sample) => sample.at >= from && sample.at < to).map((sample) => sample.ms);
  }

  get failed(): number {
    return this.failures;
  }
}

/** Rows per second of a plain COPY of the file into a table of its columns (text, as they are), the best of COPY_RUNS. */
async function copyRate(url: string, csv: string): Promise<number> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'aged-import-')), 'rows.csv');
  await fs.writeFile(file, csv);
  await fs.chmod(path.dirname(file), 0o755);
  await fs.chmod(file, 0o644);
  const pool = createPool(url, 1);
  try {
    const columns = HEADER.split(',')
      .map((column) => `"${column}" text`)
      .join(', ');
    let best = 0;
    for (let run = 0; run < COPY_RUNS; run++) {
      await pool.query(`DROP TABLE IF EXISTS copy_reference; CREATE TABLE copy_reference (${columns})`);
      const started = performance.now();
      // The server reads the file itself (a superuser's COPY FROM a file): the least work that stores these rows.
      await pool.query(`COPY copy_reference FROM '${file}' WITH (FORMAT csv, HEADER true)`);
      best = Math.max(best, ROWS / ((performance.now() - started) / 1000));
    }
    await pool.query('DROP TABLE copy_reference');
    return best;
  } finally {
    await pool.end();
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  }
}

type Import = { importId: string; status: string; rows: number; rowsDone: number; imported: number; rejected: number; failure: string | null };

async function imported(admin: ApiClient, vendorId: string, csv: string): Promise<{ seconds: number; report: Import }> {
  const started = performance.now();
  const answer = await admin.request('POST', `/api/admin/aged-leads/import?vendorId=${vendorId}`, csv, { 'content-type': 'text/csv' });
  if (answer.status !== 202) throw new Error(`import: ${answer.status} ${await answer.text()}`);
  const { importId } = (await answer.json()) as Import;
  for (;;) {
    const report = (await (await admin.request('GET', `/api/admin/aged-leads/imports/${importId}`)).json()) as Import;
    if (report.status === 'done' || report.status === 'failed') return { seconds: (performance.now() - started) / 1000, report };
    await sleep(20);
  }
}

await requireScaled('aged-import');
const db = await openBenchDatabase();
const processes: PortalProcess[] = [];
try {
  const pool = createPool(db.url, 2);
  const passwordHash = await hashPassword(PASSWORD);
  const [adminId, agentId] = [randomUUID(), randomUUID()];
  await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $4, now()), ($3, $5, $4, now())', [
    adminId,
    'bench-admin@portal.test',
    agentId,
    passwordHash,
    'bench-agent@agents.test',
  ]);
  await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [adminId]);
  const env = { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-${randomUUID()}` };
  processes.push(await startPortal({ ...env, RUN_WORKERS: 'true' }, 'worker'));
  const api = await startPortal({ ...env, RUN_WORKERS: 'false' });
  processes.push(api);

  const admin = new ApiClient(api.url);
  const signedIn = await admin.signIn('bench-admin@portal.test', PASSWORD);
  if (signedIn.status !== 200) throw new Error(`admin sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const vendor = await admin.request('POST', '/api/admin/lead-vendors', { name: 'Bench Aged Vendor' });
  const { vendorId } = (await vendor.json()) as { vendorId: string };
  const { token } = await new SqlSessionStore(pool, { idleMinutes: 60, absoluteHours: 24 }).create(agentId, 'email', {});
  const probe = new Probe(() => fetch(`${api.url}/api/wallet`, { headers: { cookie: `portal_session=${token}` } }));

  const csv = csvOf(WARM_UP_ROWS, ROWS);
  console.log(`aged-import: ${fmt(ROWS)} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB) on ${db.label}, API and worker processes, jobs on Redis`);
  const copy = await copyRate(db.url, csv);
  const warm = await imported(admin, vendorId, csvOf(0, WARM_UP_ROWS));
  if (warm.report.imported !== WARM_UP_ROWS) throw new Error(`warm-up imported ${warm.report.imported} of ${WARM_UP_ROWS}: ${warm.report.failure}`);
  await sleep(1_000);

  probe.start();
  const baselineFrom = performance.now();
  await sleep(BASELINE_SECONDS * 1000);
  const importFrom = performance.now();
  const run = await imported(admin, vendorId, csv);
  const importTo = performance.now();
  if (run.report.status !== 'done' || run.report.imported !== ROWS)
    throw new Error(`the import ${run.report.status}: ${run.report.imported} of ${ROWS} imported, ${run.report.rejected} rejected ${run.report.failure ?? ''}`);

  // The imported leads' allocation (a job each, in the background lane) until every one has its LeadAllocated.
  const drainFrom = performance.now();
  let allocated = 0;
  while (performance.now() - drainFrom < DRAIN_SECONDS * 1000) {
    const { rows } = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM es_events WHERE event_type = 'LeadAllocated'`);
    allocated = Number(rows[0]!.count);
    if (allocated >= ROWS + WARM_UP_ROWS) break;
    await sleep(500);
  }
  const drainTo = performance.now();
  probe.stop();
  await sleep(500);

  const rate = ROWS / run.seconds;
  const during = probe.between(importFrom, importTo);
  const after = probe.between(importTo, drainTo);
  const before = probe.between(baselineFrom, importFrom);
  console.log(`reference: plain COPY of the same file into a table of its columns     ${fmt(copy)} rows/s (best of ${COPY_RUNS})`);
  console.log(`import:    upload to status done                                       ${run.seconds.toFixed(2)} s, ${fmt(rate)} rows/s`);
  console.log(
    `allocation of the imported leads (background lane), after the import     ${allocated >= ROWS + WARM_UP_ROWS ? `${((drainTo - drainFrom) / 1000).toFixed(1)} s` : `not finished in ${DRAIN_SECONDS} s (${fmt(allocated)} allocated)`}`,
  );
  console.log(`GET /api/wallet at ${PROBE_PER_SECOND}/s, p50 / p99 / max:`);
  console.log(
    `  before the import      ${ms(percentile(before, 50))} / ${ms(percentile(before, 99))} / ${ms(Math.max(...before))} (${before.length} requests)`,
  );
  console.log(
    `  during the import      ${ms(percentile(during, 50))} / ${ms(percentile(during, 99))} / ${ms(Math.max(...during))} (${during.length} requests)`,
  );
  console.log(`  during the allocation  ${ms(percentile(after, 50))} / ${ms(percentile(after, 99))} / ${ms(Math.max(...after))} (${after.length} requests)`);
  if (probe.failed > 0) console.log(`  ${probe.failed} requests failed`);
  console.log(`target: ${fmt(ROWS)} rows in under ${TARGET_SECONDS} s, p99 of the other requests under ${TARGET_P99_MS} ms during the import`);
  console.log(`ratio ${(rate / copy).toFixed(4)}`);
  await pool.end();
} finally {
  for (const started of processes.reverse()) await started.stop();
  await db.drop();
}
