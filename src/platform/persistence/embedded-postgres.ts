import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export type EmbeddedPostgres = {
  readonly url: string;
  readonly freshlyCreated: boolean;
  close(): Promise<void>;
};

export type EmbeddedWorkerData = { readonly dataDir: string; readonly maxConnections: number; readonly templateDir: string | undefined };
export type ToEmbeddedWorker = { readonly type: 'close' };
export type FromEmbeddedWorker =
  | { readonly type: 'ready'; readonly url: string; readonly freshlyCreated: boolean }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'closed' };

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) in `dataDir`, on a thread of its own
 * (embedded-postgres.worker.ts), and serves it on a loopback socket so the same `pg` and
 * MikroORM code runs against it as against a server. PGlite has one backend: every connection
 * shares it, so `maxConnections` must cover all pools, and no code may hold a transaction open
 * while waiting on another connection.
 */
export async function startEmbeddedPostgres(dataDir: string, options: { maxConnections?: number; templateDir?: string } = {}): Promise<EmbeddedPostgres> {
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const releaseLock = await lockDataDir(`${dataDir}.lock`);
  const data: EmbeddedWorkerData = { dataDir, maxConnections: options.maxConnections ?? 64, templateDir: options.templateDir };
  const worker = startWorker(data);
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let answer: FromEmbeddedWorker;
  try {
    answer = await Promise.race([
      nextMessage(worker),
      new Promise<never>((_, reject) => worker.once('error', reject)),
      exited.then((code): never => {
        throw new Error(`The embedded database's thread stopped (exit code ${code}) before it was ready`);
      }),
    ]);
    if (answer.type !== 'ready') throw new Error(answer.type === 'failed' ? answer.message : 'The embedded database did not start');
  } catch (error) {
    await worker.terminate();
    await releaseLock();
    throw error;
  }
  // Once serving, a failure of the database's thread ends the process: nothing works without it.
  worker.on('error', (error) => {
    throw error;
  });
  let closing: Promise<void> | null = null;
  return {
    url: answer.url,
    freshlyCreated: answer.freshlyCreated,
    close() {
      closing ??= (async () => {
        const closed = nextMessage(worker);
        worker.postMessage({ type: 'close' } satisfies ToEmbeddedWorker);
        await Promise.race([closed, exited]);
        await worker.terminate();
        await releaseLock();
      })();
      return closing;
    },
  };
}

function nextMessage(worker: Worker): Promise<FromEmbeddedWorker> {
  return new Promise((resolve) => worker.once('message', resolve));
}

/** The compiled thread beside this file; run from the sources (the tests), the TypeScript one through tsx. */
function startWorker(workerData: EmbeddedWorkerData): Worker {
  const compiled = new URL('./embedded-postgres.worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js')) return new Worker(compiled, { workerData });
  const source = new URL('./embedded-postgres.worker.ts', import.meta.url).href;
  // tsx's ES module entry, from its package.json (require.resolve would give its CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), exports['./esm/api']!.import.default)).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(load, { eval: true, workerData });
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
