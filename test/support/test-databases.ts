import { inject } from 'vitest';

export type TestDatabase = { readonly name: 'postgres' | 'pglite'; readonly url: string };

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databases: TestDatabase[];
    redisUrl: string | null;
  }
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (as on the dev and CI machines). */
export function testDatabases(): TestDatabase[] {
  return inject('databases');
}

export function testRedisUrl(): string | null {
  return inject('redisUrl');
}
