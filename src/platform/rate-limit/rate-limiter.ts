import type { Redis } from 'ioredis';
import type pg from 'pg';

import { ApiError } from '../http/api-error.js';
import { viaRedis } from '../redis/redis-connection.js';

export type RateLimit = { readonly name: string; readonly limit: number; readonly windowSeconds: number };

export type RateDecision = {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
  /** The counted window (epoch seconds). */ readonly windowStart: number;
};

/**
 * Counts hits per key in fixed windows; shared by every process (Redis, or the database).
 * There is deliberately no "check without counting": a check followed by a later count lets
 * parallel requests all pass the check. Count first, act on the answer, and forgive the hit
 * afterwards if the attempt turned out not to count against the rule.
 */
export type RateLimiter = {
  /** Counts one more hit, atomically, and says whether it was within the limit. */
  hit(rule: RateLimit, subject: string): Promise<RateDecision>;
  /** Takes back one hit that `hit` counted in the window of `decision`. */
  forgive(rule: RateLimit, subject: string, decision: RateDecision): Promise<void>;
};

const windowOf = (windowSeconds: number, now: number) => Math.floor(now / 1000 / windowSeconds) * windowSeconds;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(rule: RateLimit, subject: string): Promise<RateDecision> {
    const start = windowOf(rule.windowSeconds, Date.now());
    const key = `${this.prefix}:rl:${rule.name}:${subject}:${start}`;
    const [[, hits]] = (await viaRedis(() =>
      this.redis
        .multi()
        .incr(key)
        .expire(key, rule.windowSeconds + 5)
        .exec(),
    )) as [[Error | null, number], unknown];
    return decide(hits, rule, start);
  }

  async forgive(rule: RateLimit, subject: string, decision: RateDecision): Promise<void> {
    // Only a counter above zero: an expired window is not brought back, nor below nothing.
    await viaRedis(() => this.redis.eval(FORGIVE_SCRIPT, 1, `${this.prefix}:rl:${rule.name}:${subject}:${decision.windowStart}`));
  }
}

const FORGIVE_SCRIPT = "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0";

export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly pool: pg.Pool) {}

  async hit(rule: RateLimit, subject: string): Promise<RateDecision> {
    const start = windowOf(rule.windowSeconds, Date.now());
    const { rows } = await this.pool.query<{ hits: number }>(
      `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, to_timestamp($2), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [`${rule.name}:${subject}`, start],
    );
    // Old windows are useless: prune now and then, not on every hit.
    if (Math.random() < 0.01) await this.pool.query(`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '1 day'`);
    return decide(rows[0]!.hits, rule, start);
  }

  async forgive(rule: RateLimit, subject: string, decision: RateDecision): Promise<void> {
    await this.pool.query('UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = $1 AND window_start = to_timestamp($2) AND hits > 0', [
      `${rule.name}:${subject}`,
      decision.windowStart,
    ]);
  }
}

function decide(hits: number, rule: RateLimit, windowStart: number): RateDecision {
  const retryAfterSeconds = Math.max(1, windowStart + rule.windowSeconds - Math.floor(Date.now() / 1000));
  return { allowed: hits <= rule.limit, retryAfterSeconds, windowStart };
}

export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(429, 'RATE_LIMITED', `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

/** Counts a hit against every rule; throws RateLimited (429) when any is over its limit. */
export async function enforce(limiter: RateLimiter, checks: readonly { rule: RateLimit; subject: string }[]): Promise<void> {
  let wait = 0;
  for (const { rule, subject } of checks) {
    const decision = await limiter.hit(rule, subject.toLowerCase());
    if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
  }
  if (wait > 0) throw new RateLimited(wait);
}
