import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const START_LIMIT_MS = 180_000;

/** The project folder: this file runs as dist/src/cli/simulation/processes.js. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One process of the portal under test: the API (`dist/server/main.js`, as `npm start` runs it)
 * or a worker (`dist/server/worker.js`, as `npm run worker`). It keeps its port and settings
 * across restarts, so a restarted API answers at the same address the webhooks are sent to.
 */
export class PortalProcess {
  private child: ChildProcess | null = null;
  private output = '';
  private dataDir: string | null = null;
  kills = 0;

  constructor(
    readonly name: string,
    readonly entry: 'main' | 'worker',
    private readonly env: Record<string, string>,
  ) {}

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the process printed (for a report when it would not start). */
  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  async start(): Promise<void> {
    this.dataDir ??= await fs.mkdtemp(path.join(os.tmpdir(), `sim-${this.name}-`));
    this.output = '';
    const child = spawn(process.execPath, [this.entry === 'worker' ? 'dist/server/worker.js' : 'dist/server/main.js'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ENV_FILE: '', DATA_DIR: this.dataDir, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const ready = this.entry === 'worker' ? /Worker running/ : /running at http:\/\/[^\s/]+:\d+/;
    await new Promise<void>((resolve, reject) => {
      // Generous: several suites start portals at once on a loaded CI machine (60 s was not always enough).
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start in ${START_LIMIT_MS / 1000} s:\n${this.tail()}`)), START_LIMIT_MS);
      const onData = (chunk: Buffer) => {
        // Keep only the recent output: a long run would otherwise hold all of it.
        this.output = (this.output + chunk.toString()).slice(-20_000);
        if (ready.test(this.output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code ?? signal}) while starting:\n${this.tail()}`));
      });
    });
    child.removeAllListeners('exit');
  }

  /** SIGKILL: no shutdown hooks, no flush; whatever it was doing stops mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    this.kills += 1;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && this.alive) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    }
    if (this.dataDir) await fs.rm(this.dataDir, { recursive: true, force: true });
    this.dataDir = null;
  }
}
