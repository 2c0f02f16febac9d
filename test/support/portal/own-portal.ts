import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

import { migrateDatabase } from '../../../src/modules.js';
import { agentAccessStream } from '../../../src/modules/access/contracts/access-streams.js';
import { hashPassword } from '../../../src/platform/auth/password-hasher.js';
import { newEvent, systemContext } from '../../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres-event-store.js';
import { EMBEDDED_TEMPLATE_DIR } from '../../../src/platform/persistence/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../../src/platform/persistence/embedded-postgres.js';
import { createPool, type SqlPool } from '../../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../../src/platform/persistence/test-database.js';
import { ApiClient } from './api-client.js';
import { startPortal, type PortalProcess } from './portal-process.js';

export type OwnPortal = {
  readonly portal: PortalProcess;
  /** The portal's database, reachable from the test. */
  readonly pool: SqlPool;
  /** A confirmed account with a chosen SAT leader and elevated access (as an access code gives), signed in over the API. */
  account(options?: { role?: 'admin' | 'finance' }): Promise<SeededAccount>;
  close(): Promise<void>;
};

/**
 * A portal of the test's own (the built app as `npm start` runs it) on a database the test can
 * reach: a scratch PostgreSQL database (and Redis) when DATABASE_URL is set, else an embedded
 * one. For tests that configure the portal (outside services) or need its database.
 */
export async function startOwnPortal(env: Record<string, string> = {}): Promise<OwnPortal> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'own-portal-'));
  let embedded: EmbeddedPostgres | null = null;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let url: string;
  const template = process.env.DATABASE_URL ? inject('migratedTemplate') : null;
  if (process.env.DATABASE_URL) {
    scratch = await createScratchDatabase(process.env.DATABASE_URL, 'portal_own', template ?? undefined);
    url = scratch.url;
  } else {
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'pgdata'), { templateDir: EMBEDDED_TEMPLATE_DIR });
    url = embedded.url;
  }
  if (!template) await migrateDatabase(url);
  const pool = createPool(url, 4);
  const redisUrl = inject('redisUrl');
  const portal = await startPortal({
    DATABASE_URL: url,
    ...(process.env.DATABASE_URL && redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `${inject('redisPrefix')}own-${randomUUID()}` } : {}),
    ...env,
  });
  return {
    portal,
    pool,
    account: (options = {}) => seedAccount(pool, portal.url, options),
    async close() {
      await portal.stop();
      await pool.end();
      await embedded?.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type SeededAccount = { client: ApiClient; userId: string; email: string; password: string };

/**
 * A confirmed account with a chosen SAT leader and elevated access (as an access code gives),
 * written straight into the portal's database, then signed in over the API at portalUrl.
 * A fixed userId gives the same account in two databases (tests that compare deployments).
 */
export async function seedAccount(pool: SqlPool, portalUrl: string, options: { role?: 'admin' | 'finance'; userId?: string } = {}): Promise<SeededAccount> {
  const userId = options.userId ?? randomUUID();
  const email = `${options.role ?? 'agent'}-${userId.slice(-12)}@own-portal.test`;
  const password = `Own-${userId.slice(-12)}-Pass`;
  await pool.query('INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES ($1, $2, $3, now())', [
    userId,
    email,
    await hashPassword(password),
  ]);
  await pool.query('INSERT INTO profiles (user_id, email, display_name, sat_manager_email) VALUES ($1, $2, $3, $4)', [
    userId,
    email,
    'Own Portal User',
    'leader@own-portal.test',
  ]);
  if (options.role) await pool.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [userId, options.role]);
  await new PostgresEventStore(pool).append(
    agentAccessStream(userId),
    [newEvent('ElevatedAccessGranted', { userId, codeId: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, systemContext('e2e'))],
    { expectedVersion: 'any' },
  );
  const client = new ApiClient(portalUrl);
  const signedIn = await client.signIn(email, password);
  if (signedIn.status !== 200) throw new Error(`signing in ${email} failed: ${signedIn.status}`);
  return { client, userId, email, password };
}
