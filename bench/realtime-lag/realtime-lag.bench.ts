// Realtime lag of the scaled deployment: a command answered by API process 1 until the
// change reaches a browser's event stream on API process 2, while projections run in a
// separate worker process; beside a bare Redis pub/sub round trip measured in the same run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { Redis } from 'ioredis';

import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { ApiClient } from '../../test/support/portal/api-client.js';
import { eventReader } from '../../test/support/portal/event-stream.js';
import { startPortal, type PortalProcess } from '../../test/support/portal/portal-process.js';
import { openBenchDatabase } from '../support/bench-database.js';
import { percentile } from '../support/figures.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 20;
const TARGET_P99_MS = 100;
const PASSWORD = 'bench-realtime-1';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl || !process.env.DATABASE_URL) {
  console.error('realtime-lag measures the scaled deployment: set DATABASE_URL and REDIS_URL');
  process.exit(2);
}
await fs.access('dist/server/main.js').catch(() => {
  throw new Error('Build first: npm run build');
});

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Publish → message on a second connection, one message at a time. */
async function bareRoundTrips(samples: number): Promise<number[]> {
  const channel = `bench-realtime-${randomUUID()}`;
  const publisher = new Redis(redisUrl!);
  const subscriber = new Redis(redisUrl!);
  try {
    await subscriber.subscribe(channel);
    const lags: number[] = [];
    for (let i = 0; i < samples + WARM_UP; i++) {
      const heard = new Promise<void>((resolve) => subscriber.once('message', () => resolve()));
      const sent = performance.now();
      await publisher.publish(channel, JSON.stringify([{ userId: 'bench', topic: 'activity' }]));
      await heard;
      if (i >= WARM_UP) lags.push(performance.now() - sent);
    }
    return lags;
  } finally {
    publisher.disconnect();
    subscriber.disconnect();
  }
}

/** Creates an access code on API 1 (an admin command) and waits for the admin's 'activity' change on API 2. */
async function portalLags(samples: number): Promise<number[]> {
  const db = await openBenchDatabase();
  const processes: PortalProcess[] = [];
  try {
    const pool = createPool(db.url, 2);
    const admin = { id: randomUUID(), email: 'bench-admin@portal.test' };
    await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
      admin.id,
      admin.email,
      await hashPassword(PASSWORD),
    ]);
    await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [admin.id]);
    await pool.end();

    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${randomUUID()}` };
    processes.push(await startPortal(env, 'worker'));
    const [api1, api2] = [await startPortal({ ...env, RUN_WORKERS: 'false' }), await startPortal({ ...env, RUN_WORKERS: 'false' })];
    processes.push(api1!, api2!);

    const commands = new ApiClient(api1!.url);
    const browser = new ApiClient(api2!.url);
    for (const client of [commands, browser]) {
      const signedIn = await client.signIn(admin.email, PASSWORD);
      if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
    }
    const stream = eventReader(await browser.request('GET', '/api/realtime/stream'));
    const activity = () => stream.events.filter((e) => e.event === 'change' && e.data === '{"topic":"activity"}');
    try {
      const lags: number[] = [];
      for (let i = 0; i < samples + WARM_UP; i++) {
        const seen = activity().length;
        const created = await commands.request('POST', '/api/admin/access-codes', { label: `bench ${i}`, grantsHours: 1 });
        const answered = performance.now();
        if (created.status !== 201) throw new Error(`command failed: ${created.status} ${await created.text()}`);
        const deadline = answered + 10_000;
        while (activity().length === seen) {
          if (performance.now() > deadline) throw new Error('no change reached API 2 within 10 s');
          await new Promise((r) => setTimeout(r, 2)); // arrival times are taken by the reader, not here
        }
        // The message may arrive before the answer is read: that lag counts as 0.
        if (i >= WARM_UP) lags.push(Math.max(0, activity()[seen]!.at - answered));
      }
      return lags;
    } finally {
      await stream.cancel();
    }
  } finally {
    for (const child of processes.reverse()) await child.stop();
    await db.drop();
  }
}

const bare = await bareRoundTrips(SAMPLES);
const portal = await portalLags(SAMPLES);
const p99 = percentile(portal, 99);

console.log(`realtime-lag: ${SAMPLES} commands, one at a time; 2 API processes and 1 worker process on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)`);
console.log(`reference: bare Redis pub/sub round trip p50 ${ms(percentile(bare, 50))}, p99 ${ms(percentile(bare, 99))}`);
console.log(`command answered on API 1 -> SSE message on API 2: p50 ${ms(percentile(portal, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...portal))}`);
console.log(`target p99 <= ${TARGET_P99_MS} ms; ratio = ${TARGET_P99_MS} ms / p99 (>= 1 meets it):`);
console.log(`ratio ${(TARGET_P99_MS / Math.max(p99, 0.1)).toFixed(2)}`);
