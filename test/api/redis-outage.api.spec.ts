import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { migrateDatabase } from '../../src/modules.js';
import { accountEvent, recordAccountEvent } from '../../src/modules/identity/account-events.js';
import { hashPassword } from '../../src/platform/auth/password-hasher.js';
import { newEvent, userRequestContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { describeIf } from '../support/not-run.js';
import { ApiClient } from '../support/portal/api-client.js';
import { eventReader } from '../support/portal/event-stream.js';
import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { freePort, RedisProcess, redisServerAvailable } from '../support/redis-process.js';

const databaseUrl = process.env.DATABASE_URL;
const PASSWORD = 'outage-pass-1';

/** A request must come back (answered, not hung); a client-side bound, not a timing claim. */
async function answered(request: Promise<Response>): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5_000)));
  try {
    return await Promise.race([request, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describeIf(
  databaseUrl && redisServerAvailable(),
  'DATABASE_URL and redis-server',
  'the portal through a Redis outage (PostgreSQL + a Redis of its own)',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let pool: SqlPool;
    let redis: RedisProcess;
    let portal: PortalProcess;
    const agent = { id: randomUUID(), email: `outage-agent-${randomUUID().slice(0, 8)}@portal.test` };
    const admin = { id: randomUUID(), email: `outage-admin-${randomUUID().slice(0, 8)}@portal.test` };

    beforeAll(async () => {
      scratch = await createScratchDatabase(databaseUrl!, 'portal_outage');
      await migrateDatabase(scratch.url);
      pool = createPool(scratch.url, 4);
      const hash = await hashPassword(PASSWORD);
      for (const { id, email } of [agent, admin]) {
        await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [id, email, hash]);
      }
      await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [admin.id]);
      // Nothing listens on Redis's port when the portal starts.
      redis = new RedisProcess(await freePort());
      portal = await startPortal({ DATABASE_URL: scratch.url, REDIS_URL: redis.url, REDIS_PREFIX: `outage-${randomUUID()}`, TRUST_PROXY: 'loopback' });
    });

    afterAll(async () => {
      await portal?.stop();
      await redis?.stop();
      await pool?.end();
      await scratch?.drop();
    });

    const ready = async () => (await answered(fetch(`${portal.url}/health/ready`))).status;
    const resetMails = async () =>
      (await pool.query<{ subject: string }>('SELECT subject FROM mail_messages WHERE to_address = $1', [agent.email])).rows.map((r) => r.subject);

    /** What needs Redis is refused with 503 and Retry-After, at once; the rest keeps working. */
    async function expectOutageAnswers(): Promise<void> {
      const stranger = new ApiClient(portal.url);
      for (const [path, body] of [
        ['/api/auth/sign-in', { email: agent.email, password: PASSWORD }],
        ['/api/auth/forgot-password', { email: agent.email }],
      ] as const) {
        const response = await answered(stranger.request('POST', path, body));
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after'), path).toMatch(/^\d+$/);
        expect(await response.json(), path).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      }
      expect(await ready()).toBe(503);
      expect((await answered(fetch(`${portal.url}/health/live`))).status).toBe(200);
    }

    it('starts without Redis, refuses what needs it with 503 and Retry-After, and catches up by itself once Redis is there', async () => {
      expect(portal.output()).toMatch(/Redis at 127\.0\.0\.1:\d+ is unreachable .*: sign-in and the other commands that need it answer 503/);
      await expectOutageAnswers();

      // Accepted meanwhile: a password reset whose mail is a job (as forgot-password records it).
      await recordAccountEvent(pool, agent.id, accountEvent('PasswordResetRequested', { userId: agent.id, email: agent.email }, agent.id));
      await expect.poll(async () => (await pool.query(`SELECT 1 FROM es_events WHERE event_type = 'PasswordResetRequested'`)).rowCount).toBe(1);

      await redis.start();
      await expect.poll(ready).toBe(200);
      await expect.poll(resetMails).toEqual(['Reset your Agent Portal password']);
      await expect.poll(async () => (await new ApiClient(portal.url).signIn(agent.email, PASSWORD)).status).toBe(200);
    });

    it('stays up while Redis stops mid-run, and resumes jobs and realtime when it is back', async () => {
      if (!redis.running) await redis.start();
      await expect.poll(ready).toBe(200);
      const agentClient = new ApiClient(portal.url);
      const adminClient = new ApiClient(portal.url);
      expect((await agentClient.signIn(agent.email, PASSWORD)).status).toBe(200);
      expect((await adminClient.signIn(admin.email, PASSWORD)).status).toBe(200);
      const stream = eventReader(await agentClient.request('GET', '/api/realtime/stream'));
      const store = new PostgresEventStore(pool);
      const activity = async () => {
        await store.append(`probe-${randomUUID()}`, [newEvent('ProbeRecorded', {}, userRequestContext(agent.id))], { expectedVersion: 'no_stream' });
      };
      const changes = () => stream.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as { topic: string });
      try {
        await expect.poll(() => stream.events.map((e) => e.event)).toContain('ready');
        expect((await answered(adminClient.request('GET', '/api/admin/jobs/failed'))).status).toBe(200);

        const beforeOutage = changes().length;
        await redis.stop();
        await expectOutageAnswers();
        const failedJobs = await answered(adminClient.request('GET', '/api/admin/jobs/failed'));
        expect(failedJobs.status).toBe(503);
        expect(failedJobs.headers.get('retry-after')).toMatch(/^\d+$/);

        await redis.start();
        await expect.poll(ready).toBe(200);
        // The open stream is told that it may have missed changes, then hears new ones.
        await expect
          .poll(() =>
            changes()
              .slice(beforeOutage)
              .map((c) => c.topic),
          )
          .toContain('*');
        const before = changes().length;
        await activity();
        await expect
          .poll(() =>
            changes()
              .slice(before)
              .map((c) => c.topic),
          )
          .toContain('activity');
        expect((await answered(adminClient.request('GET', '/api/admin/jobs/failed'))).status).toBe(200);
      } finally {
        await stream.cancel();
        await store.close();
      }
    });
  },
);
