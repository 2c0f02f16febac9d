import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

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

/** REDIS_URL with the tests' own database index (see test/support/test-redis.ts), or null. */
export function testRedisUrl(): string | null {
  return inject('redisUrl');
}

/** A fresh key prefix under the run's, so the run's global teardown removes the keys. */
export function testRedisPrefix(name: string): string {
  return `${inject('redisPrefix')}${name}-${randomUUID()}`;
}
