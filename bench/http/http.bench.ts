// Requests/s of the app's read endpoint (the built portal, as `npm start` runs it) against
// a bare node:http server answering the same JSON, both at 50 connections in this run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

import { fmt } from '../support/bench-database.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ENDPOINT = '/health/live';

async function start(args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { url, child };
}

// wrk (C, Debian's package) takes less CPU from the server under test than autocannon on a
// 2-core machine; autocannon is the fallback where wrk is not installed.
const WRK = spawnSync('wrk', ['--version']).error ? null : 'wrk';

async function load(url: string): Promise<number> {
  if (WRK) {
    spawnSync(WRK, ['-t1', `-c${CONNECTIONS}`, '-d2s', url + ENDPOINT]); // warm-up
    const out = spawnSync(WRK, ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, url + ENDPOINT], { encoding: 'utf8' }).stdout;
    if (/Non-2xx|Socket errors/.test(out)) throw new Error(`${url}: errors under load\n${out}`);
    return Number(out.match(/Requests\/sec:\s+([\d.]+)/)![1]);
  }
  await autocannon({ url: url + ENDPOINT, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url: url + ENDPOINT, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

await fs.access('dist/server/main.js').catch(() => {
  throw new Error('Build first: npm run build');
});
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Both servers run side by side and are measured in alternating rounds, so a slow moment of
// the machine does not land on one of them only; each figure is the median of its rounds.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-http-'));
const bare = await start(['--import', 'tsx', 'bench/http/bare-server.ts'], {});
const app = await start(['dist/server/main.js'], { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' });
const bareRates: number[] = [];
const appRates: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    bareRates.push(await load(bare.url));
    appRates.push(await load(app.url));
  }
} finally {
  await Promise.all([stop(bare.child), stop(app.child)]);
  await fs.rm(dataDir, { recursive: true, force: true });
}
const bareRate = median(bareRates);
const appRate = median(appRates);

console.log(`http: GET ${ENDPOINT}, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s, load from ${WRK ?? 'autocannon'}`);
console.log(`rounds: bare ${bareRates.map(fmt).join(', ')}; app ${appRates.map(fmt).join(', ')}`);
console.log(`reference: bare node:http ${fmt(bareRate)} requests/s (median)`);
console.log(`app (Nest on Fastify, embedded default) ${fmt(appRate)} requests/s (median) (target >= 0.5 x reference)`);
console.log(`ratio ${(appRate / bareRate).toFixed(2)}`);
