// The seeded simulation (npm run simulate) as CI runs it: three seeds, a few steps each, so a
// change that breaks a money invariant under kills, duplicated webhooks or races fails the run.
// A long run is for a developer's machine (README, "The seeded simulation").
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { testRedisDbUrl } from '../support/test-redis.js';

const STEPS = 8;

function simulate(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/src/cli/simulate.js', ...args, '--steps', String(STEPS), '--quiet'], {
      env: { ...process.env, ENV_FILE: '', DATABASE_URL: '', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const scaledEnv =
  process.env.DATABASE_URL && process.env.REDIS_URL ? { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: testRedisDbUrl(process.env.REDIS_URL) } : null;

describe('the seeded simulation', () => {
  it(
    'keeps every money invariant for three seeds: the embedded portal killed and restarted, and (with DATABASE_URL and REDIS_URL) an API and two workers killed at random points',
    { timeout: 300_000 },
    async () => {
      // The three seeds run at once, each on its own database and processes.
      const runs = await Promise.all([
        simulate(['--seed', '1', '--embedded'], {}),
        simulate(['--seed', '2', ...(scaledEnv ? [] : ['--embedded'])], scaledEnv ?? {}),
        simulate(['--seed', '3', ...(scaledEnv ? [] : ['--embedded'])], scaledEnv ?? {}),
      ]);
      for (const [i, { code, output }] of runs.entries()) {
        expect(output, output).toContain(`seed ${i + 1}: ${STEPS} steps`);
        expect(code, output).toBe(0);
      }
    },
  );
});
