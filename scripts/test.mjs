// `npm test`: type checks and lint, then unit, integration, HTTP (test/api) and browser tests in
// one run. Integration tests use PGlite always, plus PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set (.ci/run sets them). Every test that did not run is listed at the end
// under NOT RUN, with why; then the slowest tests and where this pass's time went.
//
// `node scripts/test.mjs --second-pass` is CI's second pass, on another Node version: only what
// differs from the first. The unit tests (the code on this Node) and the HTTP tests against the
// scaled deployment (PostgreSQL + Redis/BullMQ) as the shared portal; the first pass ran every
// test, the integration tests on both databases and the browser tests on the embedded default.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { reportNotRun, reportSlowest } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const secondPass = process.argv.includes('--second-pass');
const started = Date.now();
const times = [];

function step(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const begun = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  times.push([label, Date.now() - begun]);
  return result.status;
}

function mustPass(label, command, args) {
  const status = step(label, command, args);
  if (status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    mustPass('Installing Debian chromium for the browser tests', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
    return;
  }
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const seconds = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

if (secondPass && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error('The second pass runs the HTTP tests on the scaled deployment: it needs DATABASE_URL and REDIS_URL.');
  process.exit(1);
}
if (!secondPass) mustPass('Type check and lint', 'npm', ['run', '--silent', 'lint']);
mustPass('Build', process.execPath, ['scripts/build.mjs', '--if-needed']);
if (!secondPass) ensureChromium();
const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
const projects = secondPass ? ['--project', 'unit', '--project', 'api'] : [];
const label = secondPass ? 'Unit tests, and the HTTP tests on the scaled deployment' : 'Unit, integration, HTTP and browser tests';
const status = step(label, bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  ...process.env,
  ...(secondPass ? { E2E_PORTAL: 'scaled' } : {}),
});
const notRun = fs.existsSync(report) ? reportNotRun(report, root, process.env.TEST_REQUIRE) : 1;
if (fs.existsSync(report)) reportSlowest(report, root, 20);
console.log(`\nThis pass (Node ${process.version}${secondPass ? ', second pass' : ''}) took ${seconds(Date.now() - started)}:`);
for (const [name, ms] of times) console.log(`  ${seconds(ms).padStart(12)}  ${name}`);
process.exit(status === 0 ? notRun : (status ?? 1));
