import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { describeIf } from '../../../test/support/not-run.js';
import { freePort, RedisProcess, redisServerAvailable } from '../../../test/support/redis-process.js';
import { testRedisPrefix, testRedisUrl } from '../../../test/support/test-databases.js';
import { TEST_REDIS_DB } from '../../../test/support/test-redis.js';
import type { ReadModelChange } from '../projections/projection.js';
import { EVERY_TOPIC, InProcessRealtimeHub, RedisRealtimeHub } from './realtime-hub.js';

describe('in-process realtime hub', () => {
  it('delivers a change only to the listeners of that user', async () => {
    const hub = new InProcessRealtimeHub();
    const ana: ReadModelChange[] = [];
    const bo: ReadModelChange[] = [];
    const stop = hub.subscribe('ana', (c) => ana.push(c));
    hub.subscribe('bo', (c) => bo.push(c));
    hub.publish([{ userId: 'ana', topic: 'tickets' }]);
    stop();
    hub.publish([{ userId: 'ana', topic: 'wallet' }]);
    expect(ana).toEqual([{ userId: 'ana', topic: 'tickets' }]);
    expect(bo).toEqual([]);
  });
});

const redisUrl = testRedisUrl();

/** Collects published changes, leaving out the refetch-everything a hub sends once subscribed. */
const changesInto = (changes: ReadModelChange[]) => (change: ReadModelChange) => {
  if (change.topic !== EVERY_TOPIC) changes.push(change);
};

describeIf(redisUrl, 'REDIS_URL', 'realtime hub on Redis across two processes', () => {
  it('lets a process hear changes published by another, in both directions', async () => {
    const prefix = testRedisPrefix('realtime');
    const userId = `user-${randomUUID()}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/realtime-child.ts', redisUrl!, prefix, userId], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const hub = new RedisRealtimeHub(redisUrl!, prefix);
    try {
      const heardHere: ReadModelChange[] = [];
      hub.subscribe('user-from-child', changesInto(heardHere));
      await hub.ready;
      await expect.poll(() => output).toContain('ready');

      hub.publish([
        { userId, topic: 'tickets' },
        { userId: 'someone-else', topic: 'tickets' },
      ]);
      await expect.poll(() => output, { timeout: 5_000 }).toContain(`heard {"userId":"${userId}","topic":"tickets"}`);
      expect(output).not.toContain('someone-else');

      child.stdin.write('publish\n');
      await expect.poll(() => heardHere, { timeout: 5_000 }).toEqual([{ userId: 'user-from-child', topic: 'wallet' }]);
    } finally {
      child.stdin.write('exit\n');
      await hub.close();
    }
  });
});

describeIf(redisUrl, 'REDIS_URL', 'realtime hubs of two deployments on one Redis', () => {
  const deployments = {
    'key prefixes': () => [
      { url: redisUrl!, prefix: testRedisPrefix('realtime-a') },
      { url: redisUrl!, prefix: testRedisPrefix('realtime-b') },
    ],
    'database numbers (pub/sub ignores them)': () => {
      const prefix = testRedisPrefix('realtime-db');
      return [
        { url: redisUrl!, prefix },
        { url: withDb(redisUrl!, TEST_REDIS_DB === 0 ? 1 : TEST_REDIS_DB - 1), prefix },
      ];
    },
  };

  it.each(Object.keys(deployments) as (keyof typeof deployments)[])('do not hear each other when they differ in %s', async (differ) => {
    const [first, second] = deployments[differ]();
    const a = new RedisRealtimeHub(first!.url, first!.prefix);
    const aElsewhere = new RedisRealtimeHub(first!.url, first!.prefix);
    const b = new RedisRealtimeHub(second!.url, second!.prefix);
    const userId = `user-${randomUUID()}`;
    const heardInA: ReadModelChange[] = [];
    const heardInB: ReadModelChange[] = [];
    aElsewhere.subscribe(userId, changesInto(heardInA));
    b.subscribe(userId, changesInto(heardInB));
    try {
      await Promise.all([a.ready, aElsewhere.ready, b.ready]);
      // A's message reaches A's other process...
      await expect
        .poll(
          () => {
            a.publish([{ userId, topic: 'from-a' }]);
            return heardInA.length;
          },
          { timeout: 5_000 },
        )
        .toBeGreaterThan(0);
      // ...and Redis delivers in the order it took publishes: by the time B hears what it
      // published after that, it would have heard A's message too.
      b.publish([{ userId, topic: 'from-b' }]);
      await expect.poll(() => heardInB.map((c) => c.topic), { timeout: 5_000 }).toContain('from-b');
      expect(heardInB.map((c) => c.topic)).toEqual(['from-b']);
    } finally {
      await Promise.all([a.close(), aElsewhere.close(), b.close()]);
    }
  });
});

describeIf(redisServerAvailable(), 'redis-server', 'realtime hub through a Redis outage', () => {
  it('starts while Redis is down, delivers once it is up, and after a restart tells listeners to refetch everything', async () => {
    const redis = new RedisProcess(await freePort());
    const prefix = testRedisPrefix('realtime-outage');
    const publisher = new RedisRealtimeHub(redis.url, prefix);
    const listener = new RedisRealtimeHub(redis.url, prefix);
    const heard: string[] = [];
    listener.subscribe('ana', (c) => heard.push(c.topic));
    const publishUntilHeard = async (topic: string) => {
      await expect
        .poll(
          () => {
            publisher.publish([{ userId: 'ana', topic }]);
            return heard;
          },
          { interval: 100 },
        )
        .toContain(topic);
    };
    try {
      publisher.publish([{ userId: 'ana', topic: 'lost' }]); // nowhere to go: dropped, no crash
      await redis.start();
      await listener.ready;
      await publishUntilHeard('first');

      const beforeRestart = heard.length;
      await redis.stop();
      await redis.start();
      await expect.poll(() => heard.slice(beforeRestart)).toContain(EVERY_TOPIC);
      await publishUntilHeard('after-restart');
      expect(heard).not.toContain('lost');
    } finally {
      await Promise.all([publisher.close(), listener.close()]);
      await redis.stop();
    }
  });
});

function withDb(url: string, db: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${db}`;
  return parsed.toString();
}
