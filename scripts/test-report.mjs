// The end of `npm test`: the totals, and every test that did not run with why.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Prints the NOT RUN list and the totals from vitest's JSON reports (one file, or several to add up). `required` (TEST_REQUIRE,
 * space-separated, as .ci/run sets it) names what this machine must provide: a test not run
 * for want of one of them makes the result 1.
 */
export function reportNotRun(reportFiles, root, required = '') {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = readReports(reportFiles);
  const notRun = notRunTests(testResults);
  if (notRun.length > 0) {
    console.log(`\nNOT RUN (${notRun.length}):`);
    for (const test of notRun) {
      console.log(
        `  ${path.relative(root, test.file)} › ${test.name}\n      why: ${test.needs ? `needs ${test.needs}` : 'skipped in the test itself, without a reason'}`,
      );
    }
  }
  console.log(`\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} not run`);
  const needed = required.split(/\s+/).filter(Boolean);
  const missing = notRun.filter((test) => test.needs?.split(/\s+and\s+/).some((need) => needed.includes(need)));
  if (missing.length === 0) return 0;
  console.error(
    `\n✖ ${missing.length} test${missing.length === 1 ? '' : 's'} did not run for want of ${[...new Set(missing.map((t) => t.needs))].join(', ')}, which TEST_REQUIRE says this machine provides`,
  );
  return 1;
}

/** vitest JSON reports added up: the counts summed, the files' results side by side. */
function readReports(reportFiles) {
  const reports = [reportFiles].flat().map((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
  const sum = (key) => reports.reduce((total, report) => total + (report[key] ?? 0), 0);
  return {
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    testResults: reports.flatMap((report) => report.testResults),
  };
}

/** The `count` slowest tests of vitest's JSON reports, slowest first, with their project's file and time. */
export function reportSlowest(reportFiles, root, count = 20) {
  const { testResults } = readReports(reportFiles);
  const tests = testResults
    .flatMap((file) => file.assertionResults.map((test) => ({ file: path.relative(root, file.name), name: test.fullName, ms: test.duration ?? 0 })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  if (tests.length === 0) return;
  console.log(`\nSlowest ${tests.length} tests:`);
  for (const test of tests) console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.file} › ${test.name}`);
}

/**
 * What the pass cost the machine: each project's CPU (vitest and everything it started, from
 * `times`), and the `count` test files that cost the most CPU (test/support/cpu-per-file.ts:
 * the file's worker, the portals and browsers it started, and its share of the project's portal
 * or PGlite), beside the project's total.
 */
export function reportCpu(results, cpuFolder, count = 20) {
  const projects = results.filter((result) => typeof result.cpu === 'number');
  if (projects.length > 0) {
    const total = projects.reduce((sum, result) => sum + result.cpu, 0);
    console.log(`\nCPU by project (${(total / 60).toFixed(1)} min in all):`);
    for (const result of [...projects].sort((a, b) => b.cpu - a.cpu)) console.log(`  ${(result.cpu / 60).toFixed(1).padStart(6)} min  ${result.project}`);
  }
  if (!fs.existsSync(cpuFolder)) return;
  const files = fs
    .readdirSync(cpuFolder)
    .flatMap((name) => fs.readFileSync(path.join(cpuFolder, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line))
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
  if (files.length === 0) return;
  console.log(`\nThe ${Math.min(count, files.length)} test files that cost the most CPU (of ${files.length}):`);
  for (const file of files.slice(0, count)) console.log(`  ${file.cpuSeconds.toFixed(1).padStart(7)} s  ${file.file}`);
}

/**
 * The tests that failed, each with the first line of its failure, listed once more at the end:
 * with five projects side by side, their own failure reports are far up in the output.
 */
export function reportFailed(reportFiles, root) {
  const { testResults } = readReports(reportFiles);
  const failed = testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file: path.relative(root, file.name), name: test.fullName, why: failureLines(test.failureMessages?.[0]) })),
  );
  if (failed.length === 0) return;
  console.error(`\nFAILED (${failed.length}):`);
  for (const test of failed) console.error(`  ${test.file} › ${test.name}\n      ${test.why}`);
}

/** A failure's message without its stack, at most 1,500 characters: CI keeps only the end of its output, so this is what is read. */
function failureLines(message = '') {
  const lines = String(message).split('\n');
  const stack = lines.findIndex((line) => /^\s+at /.test(line));
  return (stack === -1 ? lines : lines.slice(0, stack)).join('\n      ').slice(0, 1_500);
}

/** Skipped and todo tests; a suite registered through test/support/not-run.ts has `[NOT RUN: needs …]` in its title. */
function notRunTests(testResults) {
  return testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => ['pending', 'skipped', 'todo', 'disabled'].includes(test.status))
      .map((test) => {
        const marker = test.fullName.match(/ \[NOT RUN: needs ([^\]]+)\]/);
        return { file: file.name, name: marker ? test.fullName.replace(marker[0], '') : test.fullName, needs: marker?.[1] ?? null };
      }),
  );
}

if (process.argv[1] === import.meta.filename) process.exit(reportNotRun(process.argv.slice(2), process.cwd(), process.env.TEST_REQUIRE));
