import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';

import { describeIf } from '../../../test/support/not-run.js';
import { inParallel, tally } from '../../../test/support/parallel.js';
import { everyDatabase, testDatabases, testRedisPrefix, testRedisUrl } from '../../../test/support/test-databases.js';
import { createPool } from '../persistence/sql.js';
import { enforce, PostgresRateLimiter, RateLimited, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';

const pools = new Map(testDatabases().map((database) => [database.name, createPool(database.url, 10)]));
const redisUrl = testRedisUrl();
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await Promise.all([...pools.values()].map((pool) => pool.end()));
  redis?.disconnect();
});

const limiters: { name: string; needs?: string; make: () => RateLimiter }[] = [
  ...everyDatabase().map((database) => ({ name: database.name, needs: database.needs, make: () => new PostgresRateLimiter(pools.get(database.name)!) })),
  { name: 'redis', needs: redis ? undefined : 'REDIS_URL', make: () => new RedisRateLimiter(redis!, testRedisPrefix('rate-limit')) },
];

for (const { name, needs, make } of limiters) {
  describeIf(!needs, needs ?? '', `rate limiter on ${name}`, () => {
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

    it('lets exactly the limit through when 40 hits arrive at once', async () => {
      const limiter = make();
      const burst = { name: `burst-${randomUUID()}`, limit: 10, windowSeconds: 600 };
      const decisions = await inParallel(40, () => limiter.hit(burst, 'eve'));
      expect(tally(decisions.map((d) => String(d.allowed)))).toEqual({ true: 10, false: 30 });
    });

    it('takes a forgiven hit back, and never below nothing', async () => {
      const limiter = make();
      const quiet = { ...rule, name: `quiet-${randomUUID()}` };
      const first = await limiter.hit(quiet, 'cy');
      await limiter.forgive(quiet, 'cy', first);
      await limiter.forgive(quiet, 'cy', first);
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(quiet, 'cy'));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
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
