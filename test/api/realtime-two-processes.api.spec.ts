import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

import { migrateDatabase } from '../../src/modules.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { newEvent } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { describeIf } from '../support/not-run.js';
import { ApiClient } from '../support/portal/api-client.js';
import { eventReader } from '../support/portal/event-stream.js';
import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = inject('redisUrl');

describeIf(databaseUrl && redisUrl, 'DATABASE_URL and REDIS_URL', 'realtime across two API processes (PostgreSQL + Redis)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: SqlPool;
  let worker: PortalProcess;
  let web: PortalProcess;
  const userId = randomUUID();
  const otherUserId = randomUUID();

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'portal_rt');
    await migrateDatabase(scratch.url);
    pool = createPool(scratch.url, 4);
    const hash = await hashPassword('realtime-pass-1');
    for (const [id, email] of [
      [userId, 'rt-agent@portal.test'],
      [otherUserId, 'rt-other@portal.test'],
    ]) {
      await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [id, email, hash]);
    }
    const env = { DATABASE_URL: scratch.url, REDIS_URL: redisUrl!, REDIS_PREFIX: `${inject('redisPrefix')}rt-${randomUUID()}` };
    worker = await startPortal({ ...env, RUN_WORKERS: 'true' });
    web = await startPortal({ ...env, RUN_WORKERS: 'false' });
  });

  afterAll(async () => {
    await web?.stop();
    await worker?.stop();
    await pool?.end();
    await scratch?.drop();
  });

  it('streams a user’s read-model change, projected in one process, from the other process', async () => {
    const client = new ApiClient(web.url);
    expect((await client.signIn('rt-agent@portal.test', 'realtime-pass-1')).status).toBe(200);
    const stream = await client.request('GET', '/api/realtime/stream');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = eventReader(stream);
    try {
      await expect.poll(() => reader.events.map((e) => e.event), { timeout: 5_000 }).toContain('ready');

      const store = new PostgresEventStore(pool);
      const context = (actor: string) => ({ actor: { type: 'user' as const, id: actor }, correlationId: randomUUID(), causationId: null, now: new Date() });
      await store.append(`probe-${randomUUID()}`, [newEvent('ProbeRecorded', {}, context(otherUserId))], { expectedVersion: 'no_stream' });
      await store.append(`probe-${randomUUID()}`, [newEvent('ProbeRecorded', {}, context(userId))], { expectedVersion: 'no_stream' });

      // The other user's event was stored first, so its change would be projected, published and
      // streamed before this user's: once this user's has arrived, a leaked one would be here too.
      await expect.poll(() => reader.events.filter((e) => e.event === 'change').map((e) => e.data)).toEqual(['{"topic":"activity"}']);
    } finally {
      await reader.cancel();
    }
  });
});
