import { Logger } from '@nestjs/common';
import { Redis, ReplyError, type RedisOptions } from 'ioredis';

import { ApiError } from '../http/api-error.js';

/** How long anything serving a request waits on Redis before giving up. */
export const REDIS_TIMEOUT_MS = 1_000;
const RETRY_AFTER_SECONDS = 5;
/** Reconnect attempts are spaced at most this far apart, so a Redis that is back is noticed within a second. */
const MAX_RECONNECT_DELAY_MS = 1_000;
const logger = new Logger('redis');

/** The one error for "Redis is unreachable or too slow": 503 with Retry-After, never a 500. */
export class RedisUnavailable extends ApiError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(503, 'SERVICE_UNAVAILABLE', 'This service is briefly unavailable. Please try again in a few seconds.');
    this.name = 'RedisUnavailable';
    this.cause = cause;
  }
}

/**
 * What a connection is for:
 * - `command`: answers a request or hands over work; fails at once while Redis is away
 *   (no offline queue) and after REDIS_TIMEOUT_MS when Redis is slow.
 * - `subscriber`: pub/sub; waits for Redis as long as it takes and subscribes again after
 *   a reconnect.
 * - `worker`: BullMQ's blocking worker connection, which must wait rather than fail.
 */
export type RedisRole = 'command' | 'subscriber' | 'worker';

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  command: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_TIMEOUT_MS, connectTimeout: REDIS_TIMEOUT_MS },
  subscriber: { maxRetriesPerRequest: null, connectTimeout: REDIS_TIMEOUT_MS },
  worker: { maxRetriesPerRequest: null, connectTimeout: REDIS_TIMEOUT_MS },
};

/** Per Redis address, the connections of this process that cannot reach it now. */
const unreachable = new Map<string, Set<Redis>>();

/**
 * A Redis connection that never takes the process down: it keeps reconnecting on its own,
 * and an outage is logged once per process (a warning saying what stops working), however
 * many connections notice it, and once more when every connection is back.
 */
export function openRedis(url: string, role: RedisRole): Redis {
  const redis = new Redis(url, { ...ROLE_OPTIONS[role], retryStrategy: (times) => Math.min(100 * times, MAX_RECONNECT_DELAY_MS) });
  const where = redisAddress(url);
  const down = unreachable.get(where) ?? new Set<Redis>();
  unreachable.set(where, down);
  redis.on('error', (error: Error) => {
    if (down.has(redis)) return;
    if (down.size === 0) {
      logger.warn(
        `Redis at ${where} is unreachable (${errorMessage(error)}): sign-in and the other commands that need it answer 503, ` +
          'jobs and realtime messages wait until it is back; retrying every second',
      );
    }
    down.add(redis);
  });
  redis.on('ready', () => {
    if (!down.delete(redis) || down.size > 0) return;
    logger.log(`Redis at ${where} is reachable again`);
  });
  redis.on('end', () => down.delete(redis));
  return redis;
}

/**
 * Runs Redis work for a request: a failure to reach Redis, or no answer within
 * REDIS_TIMEOUT_MS, becomes RedisUnavailable. An error Redis itself replied is a bug and
 * stays as it is.
 */
export async function viaRedis<T>(work: () => Promise<T>, timeoutMs = REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    throw error instanceof ReplyError || error instanceof RedisUnavailable ? error : new RedisUnavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once `redis` is connected, or throws RedisUnavailable after `timeoutMs`. */
export async function whenReady(redis: Redis, timeoutMs = REDIS_TIMEOUT_MS): Promise<void> {
  if (redis.status === 'ready') return;
  let onReady: () => void = () => {};
  try {
    await viaRedis(() => new Promise<void>((resolve) => redis.once('ready', (onReady = resolve))), timeoutMs);
  } finally {
    redis.off('ready', onReady);
  }
}

/** host:port/db of a Redis URL, without credentials, for log lines. */
function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
}

const errorMessage = (error: Error) => (error.message || (error as { code?: string }).code || error.name).split('\n')[0]!;
