import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

import { describeIf } from './not-run.js';

export type TestDatabase = { readonly name: 'postgres' | 'pglite'; readonly url: string };

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databases: TestDatabase[];
  }
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (as on the dev and CI machines). */
export function testDatabases(): TestDatabase[] {
  return inject('databases');
}

export type DatabaseEngine = TestDatabase & { readonly needs?: string };

const ENGINES: readonly { name: TestDatabase['name']; needs: string }[] = [
  { name: 'pglite', needs: 'PGlite' },
  { name: 'postgres', needs: 'DATABASE_URL' },
];

/**
 * Both engines, whether configured or not (then `needs` says what is missing): for the tests where
 * PostgreSQL and PGlite differ. The event store and its notifications, the outbox, the
 * subscription runner and waiting for a read model (PGlite has one backend), and every
 * check-then-act rule under concurrency (idempotency keys, rate limits, the code lockout, the
 * wallet, transfers, campaigns, allocation, payments, bonus runs). Anything else uses `oneDatabase`.
 */
export function everyDatabase(): DatabaseEngine[] {
  const configured = testDatabases();
  return ENGINES.map((engine) => configured.find((d) => d.name === engine.name) ?? { name: engine.name, url: '', needs: engine.needs });
}

/**
 * The one engine a test whose SQL behaves the same on both runs on: PostgreSQL when DATABASE_URL
 * is set (CI, the dev machines), else PGlite, so `npm test` on a fresh machine still runs it. The
 * embedded default's PGlite is exercised end to end by the HTTP and browser tests in any case.
 */
export function oneDatabase(): DatabaseEngine[] {
  const configured = testDatabases();
  return [configured.find((d) => d.name === 'postgres') ?? configured.find((d) => d.name === 'pglite') ?? { name: 'pglite', url: '', needs: 'PGlite' }];
}

/** One engine's suite: skipped and listed as NOT RUN when that engine is not configured. */
export function describeOn(database: DatabaseEngine, title: string, body: () => void): void {
  describeIf(!database.needs, database.needs ?? '', title, body);
}

/** REDIS_URL with the tests' own database index (see test/support/test-redis.ts), or null. */
export function testRedisUrl(): string | null {
  return inject('redisUrl');
}

/** A fresh key prefix under the run's, so the run's global teardown removes the keys. */
export function testRedisPrefix(name: string): string {
  return `${inject('redisPrefix')}${name}-${randomUUID()}`;
}
