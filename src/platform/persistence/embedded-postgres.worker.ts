// The embedded database's thread (started by embedded-postgres.ts): PGlite and its socket server
// run here, so PostgreSQL's work (its start, every query) uses a core of its own rather than the
// event loop that serves HTTP.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

import { copyFolder } from './copy-folder.js';
import type { EmbeddedWorkerData, FromEmbeddedWorker, ToEmbeddedWorker } from './embedded-postgres.js';
import { ExchangeQueryQueue } from './pglite-query-queue.js';

const { dataDir, maxConnections, templateDir } = workerData as EmbeddedWorkerData;
const port = parentPort!;
const send = (message: FromEmbeddedWorker) => port.postMessage(message);

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

try {
  const freshlyCreated = !(await exists(path.join(dataDir, 'PG_VERSION')));
  // A new folder starts as a copy of the build's migrated template when there is one: copying
  // it takes a fraction of a second, a fresh initdb in WebAssembly several.
  if (freshlyCreated && templateDir && (await exists(path.join(templateDir, 'PG_VERSION')))) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await copyFolder(templateDir, dataDir);
  }
  const db = await PGlite.create({ dataDir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  // See ExchangeQueryQueue: the package's own queue interleaves clients' protocol messages.
  (server as unknown as { queryQueue: ExchangeQueryQueue }).queryQueue = new ExchangeQueryQueue(db);
  await server.start();
  port.on('message', (message: ToEmbeddedWorker) => {
    if (message.type !== 'close') return;
    void (async () => {
      await server.stop();
      await db.close();
      send({ type: 'closed' });
    })();
  });
  send({ type: 'ready', url: `postgres://postgres@${server.getServerConn()}/postgres`, freshlyCreated });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
