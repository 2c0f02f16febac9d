import net from 'node:net';
import { ReplyError } from 'ioredis';
import { describe, expect, it } from 'vitest';

import { openRedis, RedisUnavailable, viaRedis } from './redis-connection.js';

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('viaRedis', () => {
  it('turns an unreachable Redis into RedisUnavailable: 503 with a Retry-After', async () => {
    const redis = openRedis(`redis://127.0.0.1:${await closedPort()}`, 'command');
    try {
      const refused = await viaRedis(() => redis.get('anything')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RedisUnavailable);
      expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
    } finally {
      redis.disconnect();
    }
  });

  it('gives up on Redis work that does not answer in time', async () => {
    await expect(viaRedis(() => new Promise(() => {}), 20)).rejects.toBeInstanceOf(RedisUnavailable);
  });

  it('leaves an error that Redis replied as it is: that is a bug, not an outage', async () => {
    const wrongType = new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value');
    await expect(viaRedis(() => Promise.reject(wrongType))).rejects.toBe(wrongType);
  });
});
