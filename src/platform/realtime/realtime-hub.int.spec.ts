import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeIf } from '../../../test/support/not-run.js';
import { testRedisPrefix, testRedisUrl } from '../../../test/support/test-databases.js';
import type { ReadModelChange } from '../projections/projection.js';
import { InProcessRealtimeHub, RedisRealtimeHub } from './realtime-hub.js';

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
      hub.subscribe('user-from-child', (c) => heardHere.push(c));
      await hub.ready;
      await expect.poll(() => output, { timeout: 15_000 }).toContain('ready');

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
