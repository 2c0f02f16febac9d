import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

import { copyFolder } from './copy-folder.js';
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
export async function startEmbeddedPostgres(dataDir: string, options: { maxConnections?: number; templateDir?: string } = {}): Promise<EmbeddedPostgres> {
  const maxConnections = options.maxConnections ?? 64;
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const releaseLock = await lockDataDir(`${dataDir}.lock`);
  const freshlyCreated = !(await exists(path.join(dataDir, 'PG_VERSION')));
  const open = async () => {
    // A new folder starts as a copy of the build's migrated template when there is one: copying
    // it takes a fraction of a second, a fresh initdb in WebAssembly several.
    if (freshlyCreated && options.templateDir && (await exists(path.join(options.templateDir, 'PG_VERSION')))) {
      await fs.rm(dataDir, { recursive: true, force: true });
      await copyFolder(options.templateDir, dataDir);
    }
    return PGlite.create({ dataDir });
  };
  const db = await open().catch(async (error: unknown) => {
    await releaseLock();
    throw error;
  });
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
      await releaseLock();
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

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The embedded database in ${dataDir} is in use by process ${pid} (is the portal running?). Stop that process first.`);
    this.name = 'DataDirInUseError';
  }
}

/** One process at a time may open an embedded data folder; a second would corrupt it. */
export async function lockDataDir(lockFile: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await fs.readFile(lockFile, 'utf8').catch(() => '0'));
      if (pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(path.dirname(lockFile), pid);
      await fs.rm(lockFile, { force: true }); // left by a process that died
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
