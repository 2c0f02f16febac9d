import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { describeIf } from '../../../test/support/not-run.js';
import { testDatabases, testRedisPrefix, testRedisUrl } from '../../../test/support/test-databases.js';
import { createPool } from '../persistence/sql.js';
import { PostgresRateLimiter, RateLimited, RedisRateLimiter, enforce, type RateLimiter } from './rate-limiter.js';

const pool = createPool(testDatabases()[0]!.url, 2);
const redisUrl = testRedisUrl();
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await pool.end();
  redis?.disconnect();
});

const limiters: [string, () => RateLimiter][] = [
  ['database', () => new PostgresRateLimiter(pool)],
  ['redis', () => new RedisRateLimiter(redis!, testRedisPrefix('rate-limit'))],
];

for (const [name, make] of limiters) {
  describeIf(name === 'database' || redis, 'REDIS_URL', `rate limiter on ${name}`, () => {
    const rule = { name: `probe-${randomUUID()}`, limit: 3, windowSeconds: 600 };

    it('allows the limit, refuses the next hit with the time to wait, and keeps subjects apart', async () => {
      const limiter = make();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(rule, 'ana'));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(600);
      expect((await limiter.hit(rule, 'bo')).allowed).toBe(true);
    });

    it('checks without counting', async () => {
      const limiter = make();
      const quiet = { ...rule, name: `quiet-${randomUUID()}` };
      for (let i = 0; i < 5; i++) expect((await limiter.check(quiet, 'cy')).allowed).toBe(true);
      for (let i = 0; i < 3; i++) await limiter.hit(quiet, 'cy');
      expect((await limiter.check(quiet, 'cy')).allowed).toBe(false);
    });

    it('answers 429 through enforce once any rule is over', async () => {
      const limiter = make();
      const tight = { name: `tight-${randomUUID()}`, limit: 1, windowSeconds: 60 };
      await enforce(limiter, [{ rule: tight, subject: 'dee' }]);
      const failure = await enforce(limiter, [{ rule: tight, subject: 'DEE' }]).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RateLimited);
      expect((failure as RateLimited).status).toBe(429);
    });
  });
}
