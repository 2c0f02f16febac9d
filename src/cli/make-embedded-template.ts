// Part of `npm run build`: a migrated embedded data folder, packed, so a first `npm start`
// unpacks it instead of running initdb in WebAssembly.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { migrateDatabase } from '../modules.js';
import { EMBEDDED_TEMPLATE_FILE } from '../platform/persistence/database.js';
import { startEmbeddedPostgres } from '../platform/persistence/embedded-postgres.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
try {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pgdata'));
  try {
    await migrateDatabase(embedded.url);
    await fs.writeFile(EMBEDDED_TEMPLATE_FILE, await embedded.dump());
  } finally {
    await embedded.close();
  }
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
