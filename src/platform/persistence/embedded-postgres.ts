import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ExchangeQueryQueue } from './pglite-query-queue.js';

export type EmbeddedPostgres = {
  readonly url: string;
  readonly freshlyCreated: boolean;
  close(): Promise<void>;
};

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) in `dataDir` and serves it on a
 * loopback socket so the same `pg` and MikroORM code runs against it as against a server.
 * PGlite has one backend: every connection shares it, so `maxConnections` must cover all
 * pools, and no code may hold a transaction open while waiting on another connection.
 */
export async function startEmbeddedPostgres(dataDir: string, maxConnections = 64): Promise<EmbeddedPostgres> {
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const freshlyCreated = !(await exists(path.join(dataDir, 'PG_VERSION')));
  const db = await PGlite.create({ dataDir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  // See ExchangeQueryQueue: the package's own queue interleaves clients' protocol messages.
  (server as unknown as { queryQueue: ExchangeQueryQueue }).queryQueue = new ExchangeQueryQueue(db);
  await server.start();
  let closed = false;
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    freshlyCreated,
    async close() {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
