// `npm test`: type checks and lint, then unit, integration and browser tests in one run.
// Integration tests use PGlite always, plus PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set (.ci/run sets them). Every test that did not run is listed at the end
// under NOT RUN, with why.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { reportNotRun } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function step(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    step('Installing Debian chromium for the browser tests', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
    return;
  }
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

step('Type check and lint', 'npm', ['run', '--silent', 'lint']);
step('Build', process.execPath, ['scripts/build.mjs', '--if-needed']);
ensureChromium();
const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
console.log('\n▶ Unit, integration and browser tests');
const run = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit' });
const status = fs.existsSync(report) ? reportNotRun(report, root, process.env.TEST_REQUIRE) : 1;
process.exit(run.status === 0 ? status : (run.status ?? 1));
