import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code under a module's `domain/` decides from what it is given: the clock is passed in (a
 * decider's `now`), and reading or writing (SQL, the event store, queues, HTTP) happens in the
 * handler or service that calls it. So a decider is tested without a database, and gives the
 * same answer for the same input.
 */
const RULES: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: 'reads the clock (pass `now` in)', pattern: /\bDate\.now\(|\bnew Date\(\s*\)|\bperformance\.now\(/ },
  { what: 'imports the SQL pool or a database driver', pattern: /from '(pg|@electric-sql\/[^']+|@mikro-orm\/[^']+)'|\bSQL_POOL\b|\/platform\/persistence\// },
  { what: 'imports the event store', pattern: /\bEVENT_STORE\b|\/platform\/event-store\// },
  { what: 'imports a queue or Redis', pattern: /\bJOB_QUEUE\b|\/platform\/jobs\/|from '(bullmq|ioredis)'/ },
  { what: 'imports the outbound HTTP client', pattern: /\bOUTBOUND_HTTP\b|\/platform\/outbound\// },
];

/** What in `text` breaks a rule, as "what: line". */
function impurities(text: string): string[] {
  return text.split('\n').flatMap((line) => RULES.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${what}: ${line.trim()}`));
}

const modulesRoot = import.meta.dirname;
const domainFiles = readdirSync(modulesRoot).flatMap((module) => {
  const root = path.join(modulesRoot, module, 'domain');
  try {
    return (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .map((file) => ({ file: path.join(module, 'domain', file), text: readFileSync(path.join(root, file), 'utf8') }));
  } catch {
    return [];
  }
});

describe('domain code', () => {
  it('neither reads the clock nor does I/O, in any module', () => {
    expect(domainFiles.length).toBeGreaterThan(20);
    expect(domainFiles.flatMap(({ file, text }) => impurities(text).map((found) => `${file}: ${found}`))).toEqual([]);
  });

  it('the rule fires on each kind of breach', () => {
    expect(impurities('const age = Date.now() - born;')).toHaveLength(1);
    expect(impurities('const today = new Date();')).toHaveLength(1);
    expect(impurities("import type pg from 'pg';")).toHaveLength(1);
    expect(impurities("import { SQL_POOL } from '../../../platform/tokens.js';")).toHaveLength(1);
    expect(impurities("import type { EventStore } from '../../../platform/event-store/event-store.port.js';")).toHaveLength(1);
    expect(impurities("import { inTransaction } from '../../../platform/persistence/sql.js';")).toHaveLength(1);
    expect(impurities("import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';")).toHaveLength(1);
    expect(impurities('const at = new Date(event.occurredAt);')).toEqual([]);
    expect(impurities('decide(command, state, now)')).toEqual([]);
  });
});
