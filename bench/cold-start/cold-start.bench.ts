// The embedded default's cold start, as a new user meets it: `node dist/src/main.js` (what
// `npm start` runs once the build is current) on a fresh data folder, until `GET /` answers 200;
// then a restart on that folder. Beside it, a bare node:http server started the same way: what
// Node itself takes. The portal prints where its start-up time went; that line is shown too.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../test/support/free-port.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 4_000;
const BARE_SERVER = `require('node:http').createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

type Start = { ms: number; startUpLine: string };

/** Spawns `args`, polls `GET /` every 10 ms until 200; the time from spawn to that answer. */
async function timeToFirst200(args: string[], env: Record<string, string>): Promise<{ start: Start; child: ChildProcess }> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > 120_000) throw new Error(`no 200 within 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  // The portal's own account of its start, printed just after its first answer.
  for (let waited = 0; !/Start-up took/.test(output) && waited < 5_000 && args[0] !== '-e'; waited += 20) await new Promise((r) => setTimeout(r, 20));
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

await fs.access('dist/src/main.js').catch(() => {
  throw new Error('Build first: npm run build');
});
const embedded = { DATABASE_URL: '', REDIS_URL: '', ENV_FILE: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ENCRYPTION_KEY: '' };
const fresh: Start[] = [];
const restarts: Start[] = [];
const bare: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cold-start-'));
  try {
    const env = { ...embedded, DATA_DIR: dataDir };
    const first = await timeToFirst200(['dist/src/main.js'], env);
    fresh.push(first.start);
    await stop(first.child);
    const again = await timeToFirst200(['dist/src/main.js'], env);
    restarts.push(again.start);
    await stop(again.child);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const reference = await timeToFirst200(['-e', BARE_SERVER], {});
  bare.push(reference.start.ms);
  await stop(reference.child);
}

console.log(`cold-start: the embedded default, node dist/src/main.js to the first 200 on GET /, ${ROUNDS} rounds`);
console.log(`reference: a bare node:http server started the same way: median ${s(median(bare))}`);
for (const [i, start] of fresh.entries()) console.log(`first start ${i + 1} (fresh data folder): ${s(start.ms)} — ${start.startUpLine}`);
for (const [i, start] of restarts.entries()) console.log(`restart ${i + 1} (same folder): ${s(start.ms)} — ${start.startUpLine}`);
console.log(`median first start ${s(median(fresh.map((f) => f.ms)))}, median restart ${s(median(restarts.map((r) => r.ms)))}`);
console.log(`target: first start <= ${s(TARGET_MS)}; ratio = ${s(TARGET_MS)} / median first start (>= 1 meets it)`);
console.log(`ratio ${(TARGET_MS / median(fresh.map((f) => f.ms))).toFixed(2)}`);
