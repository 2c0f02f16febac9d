import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { migrateDatabase } from '../../src/modules.js';
import { startEmbeddedPostgres } from '../../src/platform/persistence/embedded-postgres.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { migratedTemplate, type MigratedTemplate } from './migrated-template.js';
import type { TestDatabase } from './test-databases.js';
import { newRunPrefix, removeKeys, testRedisDbUrl } from './test-redis.js';

export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<void>> = [];
  const databases: TestDatabase[] = [];
  let template: MigratedTemplate | null = null;

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pglite-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pgdata'), { maxConnections: 200 });
  cleanups.push(async () => {
    await embedded.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  await migrateDatabase(embedded.url);
  databases.push({ name: 'pglite', url: embedded.url });

  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'portal_test');
    cleanups.push(() => scratch.drop());
    await migrateDatabase(scratch.url);
    databases.push({ name: 'postgres', url: scratch.url });
    template = await migratedTemplate(process.env.DATABASE_URL);
    cleanups.push(() => template!.drop());
  }

  const redisUrl = process.env.REDIS_URL ? testRedisDbUrl(process.env.REDIS_URL) : null;
  const redisPrefix = newRunPrefix();
  if (redisUrl) cleanups.push(async () => void (await removeKeys(redisUrl, redisPrefix)));

  project.provide('databases', databases);
  project.provide('migratedTemplate', template?.name ?? null);
  // PGlite runs in this process: the files using it are charged its CPU (test/support/cpu-per-file.ts).
  project.provide('sharedPids', [process.pid]);
  project.provide('redisUrl', redisUrl);
  project.provide('redisPrefix', redisPrefix);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
