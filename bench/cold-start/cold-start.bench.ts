// The embedded default's cold start, as a new user meets it: `node dist/server/main.js` (what
// `npm start` runs once the build is current) on a fresh data folder, until `GET /` answers 200;
// then a restart on that folder. The reference is the floor of the same work: a bare Node
// process (floor.mjs) that makes the same fresh data folder from the build's template, opens
// PGlite on it, asks it one query and answers `GET /` from node:http. The portal prints where
// its start-up time went; that line is shown too. With DATABASE_URL set, the scaled
// deployment's processes are timed as well: an API process (RUN_WORKERS=false) to its first
// 200, and a worker process to its "Worker running" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../test/support/free-port.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 3_000;
const SCALED_TARGET_MS = 2_000;

type Start = { ms: number; startUpLine: string };

/** Spawns `args` and waits for `ready` (a 200 on `GET /`, or a line on its output); the time from spawn to that. */
async function timeToReady(
  args: string[],
  env: Record<string, string>,
  ready: { line: RegExp } | 'http' = 'http',
): Promise<{ start: Start; child: ChildProcess }> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
    if (ready === 'http') {
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) break;
    } else if (ready.line.test(output)) break;
    if (performance.now() - started > 120_000) throw new Error(`not ready within 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  // The portal's own account of its start, printed just after its first answer.
  const portal = args[0] === 'dist/server/main.js';
  for (let waited = 0; portal && !/Start-up took/.test(output) && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  return { start: { ms, startUpLine: output.match(/Start-up took[^\n]*/)?.[0] ?? '' }, child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await fs.access('dist/embedded-template/PG_VERSION').catch(() => {
  throw new Error('Build first: npm run build');
});
const embedded = { DATABASE_URL: '', REDIS_URL: '', ENV_FILE: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ENCRYPTION_KEY: '' };
const fresh: Start[] = [];
const restarts: Start[] = [];
const floor: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cold-start-'));
  const floorDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cold-start-floor-'));
  try {
    // The floor and the portal take turns, so a busy moment of the machine weighs on both.
    const reference = await timeToReady(['bench/cold-start/floor.mjs'], { DATA_DIR: floorDir });
    floor.push(reference.start.ms);
    await stop(reference.child);
    const env = { ...embedded, DATA_DIR: dataDir };
    const first = await timeToReady(['dist/server/main.js'], env);
    fresh.push(first.start);
    await stop(first.child);
    const again = await timeToReady(['dist/server/main.js'], env);
    restarts.push(again.start);
    await stop(again.child);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(floorDir, { recursive: true, force: true });
  }
}

console.log(
  `cold-start: the embedded default, node dist/server/main.js to the first 200 on GET /, ${ROUNDS} rounds (load average ${os.loadavg()[0]!.toFixed(2)})`,
);
console.log(`reference (the floor): bare Node copies the template, opens PGlite on it and answers GET / from node:http: median ${s(median(floor))}`);
for (const [i, start] of fresh.entries()) console.log(`first start ${i + 1} (fresh data folder): ${s(start.ms)} — ${start.startUpLine}`);
for (const [i, start] of restarts.entries()) console.log(`restart ${i + 1} (same folder): ${s(start.ms)} — ${start.startUpLine}`);
console.log(`median first start ${s(median(fresh.map((f) => f.ms)))} (target <= ${s(TARGET_MS)}), median restart ${s(median(restarts.map((r) => r.ms)))}`);

if (process.env.DATABASE_URL) {
  const scaled = {
    ENV_FILE: '',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'cold-start-scaled-')),
    // The scaled deployment requires one; a throwaway key, since nothing it would encrypt is kept.
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const api: number[] = [];
  const worker: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const apiStart = await timeToReady(['dist/server/main.js'], { ...scaled, RUN_WORKERS: 'false' });
    api.push(apiStart.start.ms);
    await stop(apiStart.child);
    const workerStart = await timeToReady(['dist/server/worker.js'], scaled, { line: /Worker running/ });
    worker.push(workerStart.start.ms);
    await stop(workerStart.child);
  }
  await fs.rm(scaled.DATA_DIR, { recursive: true, force: true });
  console.log(
    `scaled deployment (schema current${process.env.REDIS_URL ? ', Redis' : ''}): API process to its first 200 median ${s(median(api))}, ` +
      `worker to "Worker running" median ${s(median(worker))} (target <= ${s(SCALED_TARGET_MS)} each)`,
  );
}
console.log(`ratio = the floor / our first start (medians; 1 would be no cost above opening the database)`);
console.log(`ratio ${(median(floor) / median(fresh.map((f) => f.ms))).toFixed(2)}`);
