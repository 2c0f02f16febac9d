// npm run simulate -- --seed N --steps M: the seeded simulation of the money paths.
// Drives the built portal over HTTP with a deterministic mix of operations, kills its processes at
// random points, and checks the invariants of money.md after every step. Exit 0: a summary;
// exit 1: the first violation, with the seed and step that reproduce it.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import { loadConfig } from '../app-config.js';
import { runSimulation } from './simulation/simulation.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      steps: { type: 'string', default: '50' },
      embedded: { type: 'boolean', default: false },
      'no-kills': { type: 'boolean', default: false },
      'settle-seconds': { type: 'string', default: '90' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const steps = Number(values.steps);
  if (!Number.isSafeInteger(seed) || seed < 0 || !Number.isSafeInteger(steps) || steps < 1) {
    process.stderr.write('Usage: npm run simulate -- [--seed N] [--steps M] [--embedded] [--no-kills] [--settle-seconds S] [--quiet]\n');
    return 2;
  }
  // DATABASE_URL (and REDIS_URL) as the other commands read them, from the environment or .env.
  // The simulation runs on a scratch database of its own, so a key made for this run serves
  // when none is configured (the scaled deployment's settings require one).
  process.env.ENCRYPTION_KEY ||= randomBytes(32).toString('base64');
  const config = loadConfig();
  const databaseUrl = values.embedded ? undefined : config.databaseUrl;
  const redisUrl = values.embedded ? undefined : config.redisUrl;
  const started = performance.now();
  const result = await runSimulation({
    seed,
    steps,
    databaseUrl,
    redisUrl,
    kills: !values['no-kills'],
    settleTimeoutMs: Number(values['settle-seconds']) * 1000,
    log: values.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const replay = `npm run simulate -- --seed ${seed} --steps ${result.violation ? result.violation.step : steps}${values.embedded ? ' --embedded' : ''}${values['no-kills'] ? ' --no-kills' : ''}`;
  if (result.violation) {
    const v = result.violation;
    process.stdout.write(`\nVIOLATION at step ${v.step} (${v.operation}), seed ${seed}: ${v.invariant}\n  ${v.detail}\nReproduce: ${replay}\n`);
    return 1;
  }
  const summary = Object.entries(result.summary)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n');
  process.stdout.write(`\nseed ${seed}: ${result.stepsRun} steps in ${seconds} s, every invariant held\n${summary}\nReplay: ${replay}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
