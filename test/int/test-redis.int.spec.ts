import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';

import { BullmqJobQueue } from '../../src/platform/jobs/bullmq-job-queue.js';
import { describeIf } from '../support/not-run.js';
import { testRedisPrefix, testRedisUrl } from '../support/test-databases.js';
import { removeKeys, TEST_REDIS_DB, testRedisDbUrl } from '../support/test-redis.js';

describe('the test runs’ own Redis database', () => {
  it('is REDIS_URL with the test database index in place of any other', () => {
    expect(testRedisDbUrl('redis://127.0.0.1:6379')).toBe(`redis://127.0.0.1:6379/${TEST_REDIS_DB}`);
    expect(testRedisDbUrl('redis://:secret@cache.internal:6380/0')).toBe(`redis://:secret@cache.internal:6380/${TEST_REDIS_DB}`);
  });
});

const redisUrl = testRedisUrl();
describeIf(redisUrl, 'REDIS_URL', 'the test runs’ Redis keys', () => {
  it('are held under the run prefix, and teardown removes them and nothing else', async () => {
    expect(new URL(redisUrl!).pathname).toBe(`/${TEST_REDIS_DB}`);
    const prefix = testRedisPrefix('cleanup-probe');
    const queue = new BullmqJobQueue(redisUrl!, prefix);
    const redis = new Redis(redisUrl!);
    const bystander = `bystander-${prefix}`;
    try {
      await queue.enqueue('noop', {}, { jobId: 'probe-1' });
      await redis.set(bystander, '1', 'EX', 60);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      // BullMQ's queue keys never expire by themselves.
      expect(await Promise.all(keys.map((k) => redis.ttl(k)))).toContain(-1);

      expect(await removeKeys(redisUrl!, prefix)).toBe(keys.length);
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      expect(await redis.get(bystander)).toBe('1');
    } finally {
      await queue.close();
      await redis.del(bystander);
      redis.disconnect();
    }
  });
});
