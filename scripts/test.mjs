// `npm test`: type checks and lint, then unit, integration, HTTP (test/api) and browser tests.
// Integration tests use PGlite always, plus PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set (.ci/run sets them). Every test that did not run is listed at the end
// under NOT RUN, with why; then the slowest tests and where this pass's time went.
//
// The vitest projects run side by side, each in a vitest process of its own (the browser tests
// in two halves): within a process files still run one at a time (they share its database or
// portal), but an integration file waiting on PGlite no longer holds up a browser test waiting
// on Chromium. In one vitest process the projects that run files one at a time all share a
// single worker, so the whole suite ran one file at a time.
//
// `node scripts/test.mjs --second-pass` is CI's second pass, on another Node version: only what
// differs from the first. The unit tests (the code on this Node), and the HTTP tests against the
// shared portal, now the scaled deployment (PostgreSQL + Redis/BullMQ). The first pass ran every
// test once: the integration tests on both databases, the browser tests on the embedded
// default, and the tests that start portals of their own on the scaled deployment already.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

import { reportCpu, reportFailed, reportNotRun, reportSlowest } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const secondPass = process.argv.includes('--second-pass');
const started = Date.now();
const times = [];
/** The first pass's wall time against this (a line, not a failure: the machine's speed varies). */
const BUDGET_MINUTES = 25;

function step(label, command, args) {
  console.log(`\n▶ ${label}`);
  const begun = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  times.push([label, Date.now() - begun]);
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

const CPU_MARK = '--- cpu times ---';

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

/**
 * The HTTP specs that use the run's shared portal (test/support/portal/portal.ts), the one the
 * second pass makes the scaled deployment. The others start portals or processes of their own,
 * which the first pass already ran on the scaled deployment since DATABASE_URL was set.
 */
function sharedPortalSpecs() {
  return fs
    .readdirSync(path.join(root, 'test/api'))
    .filter((name) => name.endsWith('.api.spec.ts'))
    .filter((name) => fs.readFileSync(path.join(root, 'test/api', name), 'utf8').includes("from '../support/portal/portal.js'"))
    .map((name) => `test/api/${name}`);
}

/**
 * One vitest process for a project (or one shard of it: `shard` is "1/2"); its lines are printed
 * as they come, each with the project's name.
 */
function runProject(project, files, env, shard) {
  const name = shard ? `${project}-${shard.split('/')[0]}` : project;
  const report = path.join(root, 'test-results', `vitest-${name}.json`);
  fs.rmSync(report, { force: true });
  const begun = Date.now();
  const args = [
    'run',
    '--project',
    project,
    ...(shard ? [`--shard=${shard}`] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...files,
  ];
  // Through bash, whose `times` then prints the CPU of vitest and everything it started and
  // reaped (workers, portals, browsers): what the project cost the machine, not only how long it took.
  const child = spawn('bash', ['-c', `"$@"; status=$?; echo "${CPU_MARK}"; times; exit $status`, 'bash', bin('vitest'), ...args], {
    cwd: root,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let cpu = null;
  let timesLines = null;
  const out = readline.createInterface({ input: child.stdout });
  out.on('line', (line) => {
    if (line === CPU_MARK) timesLines = [];
    else if (timesLines) timesLines.push(line);
    else console.log(`[${name}] ${line}`);
  });
  readline.createInterface({ input: child.stderr }).on('line', (line) => console.log(`[${name}] ${line}`));
  return new Promise((resolve) => {
    child.once('close', (status) => {
      times.push([`${name} tests`, Date.now() - begun]);
      // `times`: the shell's own user and system time, then its children's.
      const children = timesLines?.[1]?.match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/);
      if (children) cpu = Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
      console.log(`\n[${name}] finished with exit code ${status} after ${minutes(Date.now() - begun)}${cpu === null ? '' : `, ${minutes(cpu * 1000)} of CPU`}`);
      resolve({ project: name, status, report, cpu });
    });
  });
}

if (secondPass && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error('The second pass runs the HTTP tests on the scaled deployment: it needs DATABASE_URL and REDIS_URL.');
  process.exit(1);
}
if (!secondPass) step('Type check and lint', 'npm', ['run', '--silent', 'lint']);
step('Build', process.execPath, ['scripts/build.mjs', '--if-needed']);
if (!secondPass) ensureChromium();
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
fs.rmSync(path.join(root, 'test-results', 'cpu'), { recursive: true, force: true });

const runs = secondPass
  ? [
      ['unit', [], {}],
      ['api', sharedPortalSpecs(), { E2E_PORTAL: 'scaled' }],
    ]
  : [
      ['unit', [], {}],
      ['int', [], {}],
      ['api', [], {}],
      // The browser tests are the longest project: two halves, each with a portal of its own,
      // keep both cores busy once the others are done.
      ['e2e', [], {}, '1/2'],
      ['e2e', [], {}, '2/2'],
    ];
console.log(`\n▶ ${secondPass ? 'Unit tests, and the HTTP tests on the scaled deployment' : 'Unit, integration, HTTP and browser tests'}, side by side`);
const results = await Promise.all(runs.map(([project, files, env, shard]) => runProject(project, files, env, shard)));
const reports = results.map((result) => result.report).filter((report) => fs.existsSync(report));
const notRun = reports.length === results.length ? reportNotRun(reports, root, process.env.TEST_REQUIRE) : 1;
reportSlowest(reports, root, 20);
reportCpu(results, path.join(root, 'test-results', 'cpu'), 20);
const took = Date.now() - started;
console.log(`\nThis pass (Node ${process.version}${secondPass ? ', second pass' : ''}) took ${minutes(took)}:`);
for (const [name, ms] of times) console.log(`  ${minutes(ms).padStart(12)}  ${name}`);
if (!secondPass) {
  const within = took <= BUDGET_MINUTES * 60_000;
  console.log(
    `\n${within ? '✓' : '⚠'} The first pass took ${minutes(took)} of its ${BUDGET_MINUTES} min budget${within ? '' : ': over it (bench/README.md, "The suite")'}`,
  );
}
const failed = results.filter((result) => result.status !== 0);
reportFailed(reports, root);
if (failed.length > 0) console.error(`\n✖ Failed: ${failed.map((result) => result.project).join(', ')}`);
process.exit(failed.length > 0 ? 1 : notRun);
