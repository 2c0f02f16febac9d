import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** REDIS_URL with the tests' database index, or null when REDIS_URL is not set. */
    redisUrl: string | null;
    redisPrefix: string;
  }
}

/** Test runs use their own Redis database (not the portal's 0); TEST_REDIS_DB chooses another. */
export const TEST_REDIS_DB = Number(process.env.TEST_REDIS_DB ?? 15);

/** `redis://host:6379` or `redis://host:6379/0` → the same server with the test database index. */
export function testRedisDbUrl(redisUrl: string): string {
  const url = new URL(redisUrl);
  url.pathname = `/${TEST_REDIS_DB}`;
  return url.toString();
}

/** One prefix for every key of this run: every test prefix starts with it, and teardown removes what is under it. */
export const newRunPrefix = () => `portal-test-${randomUUID().slice(0, 8)}:`;

/** Deletes the run's keys (BullMQ keeps its queue keys without expiry). */
export async function removeKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) removed += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}
