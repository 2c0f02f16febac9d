import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { reportFailed, reportNotRun, reportSlowest } from '../../scripts/test-report.mjs';

const result = (fullName: string, status: string, duration = 0) => ({ fullName, status, duration });

describe("npm test's NOT RUN list", () => {
  let dir: string;
  let printed: string[];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const report = (results: { fullName: string; status: string; duration?: number }[]) => {
    const file = path.join(dir, 'vitest.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: results.filter((r) => r.status === 'passed').length,
        numFailedTests: 0,
        numPendingTests: results.filter((r) => r.status !== 'passed').length,
        numTodoTests: 0,
        testResults: [{ name: path.join(dir, 'a.int.spec.ts'), assertionResults: results }],
      }),
    );
    return file;
  };

  it('lists each test that did not run with what it needs, and the totals', () => {
    const file = report([
      result('sessions on pglite keeps a session', 'passed'),
      result('sessions on postgres [NOT RUN: needs DATABASE_URL] keeps a session', 'skipped'),
      result('job queue: bullmq [NOT RUN: needs REDIS_URL] runs a job once', 'pending'),
      result('something skipped by hand', 'skipped'),
    ]);
    expect(reportNotRun(file, dir, '')).toBe(0);
    const text = printed.join('\n');
    expect(text).toContain('NOT RUN (3):');
    expect(text).toContain('a.int.spec.ts › sessions on postgres keeps a session\n      why: needs DATABASE_URL');
    expect(text).toContain('a.int.spec.ts › job queue: bullmq runs a job once\n      why: needs REDIS_URL');
    expect(text).toContain('something skipped by hand\n      why: skipped in the test itself, without a reason');
    expect(text).toContain('Tests: 1 passed, 0 failed, 3 not run');
  });

  it('fails the run when a test did not run for want of what TEST_REQUIRE says is here', () => {
    const file = report([
      result('realtime across two API processes [NOT RUN: needs DATABASE_URL and REDIS_URL] streams', 'skipped'),
      result('EventStoreDB adapter on a real server [NOT RUN: needs EVENTSTORE_URL] stores', 'skipped'),
    ]);
    expect(reportNotRun(file, dir, 'DATABASE_URL REDIS_URL redis-server')).toBe(1);
    expect(printed.join('\n')).toContain('1 test did not run for want of DATABASE_URL and REDIS_URL');
    expect(reportNotRun(file, dir, 'redis-server')).toBe(0);
  });

  it('lists the slowest tests, slowest first, with their file and seconds', () => {
    const file = report([result('quick', 'passed', 12), result('slowest', 'passed', 61_000), result('middle', 'passed', 2_500)]);
    reportSlowest(file, dir, 2);
    expect(printed.join('\n')).toBe('\nSlowest 2 tests:\n    61.0 s  a.int.spec.ts › slowest\n     2.5 s  a.int.spec.ts › middle');
  });

  it('lists the failed tests again at the end, each with the first line of its failure', () => {
    const file = report([
      result('passes', 'passed'),
      {
        ...result('admin pages /admin/lead-prices changes a price', 'failed'),
        failureMessages: ['AssertionError: expected [ Array(1) ] to deeply equal []\n    at x.ts:1'],
      },
    ] as never);
    reportFailed(file, dir);
    expect(printed.join('\n')).toBe(
      '\nFAILED (1):\n  a.int.spec.ts › admin pages /admin/lead-prices changes a price\n      AssertionError: expected [ Array(1) ] to deeply equal []',
    );
    printed.length = 0;
    reportFailed(report([result('passes', 'passed')]), dir);
    expect(printed).toEqual([]);
  });

  it('adds up the reports of projects run side by side', () => {
    const first = report([result('a passes', 'passed'), result('b on postgres [NOT RUN: needs DATABASE_URL] runs', 'skipped')]);
    const second = path.join(dir, 'second.json');
    fs.copyFileSync(first, second);
    expect(reportNotRun([first, second], dir, '')).toBe(0);
    const text = printed.join('\n');
    expect(text).toContain('NOT RUN (2):');
    expect(text).toContain('Tests: 2 passed, 0 failed, 2 not run');
  });
});
