// The cold-start bench's reference: the least a first start of the embedded default must do.
// It copies the build's migrated template into a fresh data folder (as the portal does), opens
// PGlite on it, asks it one query and answers GET / from a bare node:http server.
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

import { copyFolder } from '../../dist/src/platform/persistence/copy-folder.js';

const dataDir = path.join(process.env.DATA_DIR, 'pgdata');
await copyFolder('dist/embedded-template', dataDir);
const db = await PGlite.create({ dataDir });
const { rows } = await db.query('SELECT count(*)::int AS n FROM schema_migrations');
const server = http.createServer((_, res) => res.end(`${rows[0].n} migrations`)).listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
