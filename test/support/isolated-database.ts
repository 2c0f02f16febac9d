import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';

import { migrateDatabase } from '../../src/modules.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { EMBEDDED_TEMPLATE_DIR } from '../../src/platform/persistence/database.js';
import { startEmbeddedPostgres } from '../../src/platform/persistence/embedded-postgres.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import type { TestDatabase } from './test-databases.js';

export type IsolatedDatabase = { readonly url: string; close(): Promise<void> };

/**
 * A migrated database of the test file's own, on the same engine: for tests that read the
 * whole event store (a projection's rebuild) and must not depend on what other files wrote.
 * PGlite serves one database per instance, so on PGlite this is an instance of its own.
 */
export async function isolatedDatabase(engine: TestDatabase): Promise<IsolatedDatabase> {
  if (engine.name === 'postgres') {
    const template = inject('migratedTemplate');
    const scratch = await createScratchDatabase(engine.url, 'portal_iso', template ?? undefined);
    if (!template) await migrateDatabase(scratch.url);
    return { url: scratch.url, close: () => scratch.drop() };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pglite-iso-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pgdata'), { maxConnections: 32, templateDir: EMBEDDED_TEMPLATE_DIR });
  await migrateDatabase(embedded.url);
  return {
    url: embedded.url,
    async close() {
      await embedded.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type IsolatedStore = { url: string; pool: SqlPool; store: PostgresEventStore };

/**
 * In a describe block: an isolated database for its tests, with a pool and an event store on
 * it, opened before the first test and closed after the last. Read the fields inside tests.
 */
export function useIsolatedStore(engine: TestDatabase, poolSize = 6): IsolatedStore {
  const opened = {} as IsolatedStore;
  let own: IsolatedDatabase;
  beforeAll(async () => {
    own = await isolatedDatabase(engine);
    opened.url = own.url;
    opened.pool = createPool(own.url, poolSize);
    opened.store = new PostgresEventStore(opened.pool);
  });
  afterAll(async () => {
    await opened.pool?.end();
    await own?.close();
  });
  return opened;
}
