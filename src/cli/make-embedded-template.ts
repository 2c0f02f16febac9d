// Part of `npm run build`: a migrated embedded data folder, so a first `npm start` copies it
// instead of running initdb and every migration in WebAssembly.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { migrateDatabase } from '../modules.js';
import { copyFolder } from '../platform/persistence/copy-folder.js';
import { EMBEDDED_TEMPLATE_DIR } from '../platform/persistence/database.js';
import { startEmbeddedPostgres } from '../platform/persistence/embedded-postgres.js';

/**
 * The embedded portal uses the one database "postgres" and never creates another, so template0
 * and template1 are dropped: 600 of the folder's 1,370 files that each first start would copy.
 */
async function dropTemplateDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of ['template0', 'template1']) {
      await client.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.query(`DROP DATABASE ${name}`);
    }
  } finally {
    await client.end();
  }
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
try {
  const pgdata = path.join(dir, 'pgdata');
  const embedded = await startEmbeddedPostgres(pgdata);
  try {
    await migrateDatabase(embedded.url);
    await dropTemplateDatabases(embedded.url);
  } finally {
    await embedded.close();
  }
  await fs.rm(EMBEDDED_TEMPLATE_DIR, { recursive: true, force: true });
  await copyFolder(pgdata, EMBEDDED_TEMPLATE_DIR);
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
