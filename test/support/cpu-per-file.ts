// A setup file of every project: the CPU seconds each test file cost, written to
// test-results/cpu/<worker pid>.jsonl for `npm test`'s report (scripts/test-report.mjs). A
// file's cost is its worker's CPU and its reaped children's (the portals and browsers it
// started), plus the processes the project shares (its portal; the integration tests' PGlite
// in the main vitest process), read from /proc: the wall time alone hides a file that keeps
// two cores busy for a minute.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** Processes the project's files share (a portal, the main process that hosts PGlite), whose CPU each file is charged for while it runs. */
    sharedPids: number[];
  }
}

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** utime + stime (+ cutime + cstime with `children`) of a process in seconds, or 0 where /proc is not there. */
function cpuSeconds(pid: number | 'self', children: boolean): number {
  try {
    // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

const sharedPids = () => {
  try {
    return inject('sharedPids') ?? [];
  } catch {
    return [];
  }
};
const spent = () => cpuSeconds('self', true) + sharedPids().reduce((sum, pid) => sum + cpuSeconds(pid, false), 0);

// Before the test file is imported (setup files run first, for each file): its loading counts.
const startedAt = spent();
afterAll(() => {
  const file = expect.getState().testPath;
  if (!file) return;
  const folder = path.join(process.cwd(), 'test-results', 'cpu');
  fs.mkdirSync(folder, { recursive: true });
  fs.appendFileSync(
    path.join(folder, `${process.pid}.jsonl`),
    `${JSON.stringify({ file: path.relative(process.cwd(), file), cpuSeconds: spent() - startedAt })}\n`,
  );
});
