import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../free-port.js';

/** The scaled deployment's key of stored credentials in tests: every process of one test shares it. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 0x5a).toString('base64');

export type PortalProcess = { url: string; pid: number; output: () => string; stop(): Promise<void> };

/**
 * Runs the built portal (`dist/server/main.js`) as `npm start` would, on a free port with its
 * own data folder. With no DATABASE_URL it is the embedded default. `worker` runs
 * `dist/server/worker.js` instead (`npm run worker`: no HTTP, so its url is empty).
 */
export async function startPortal(
  env: Record<string, string | undefined> = {},
  entry: 'main' | 'worker' = 'main',
  options: { nodeArgs?: readonly string[] } = {},
): Promise<PortalProcess> {
  // A free port can be taken by another process between the check and the portal's listen
  // (several test processes start portals at once): on that, start again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPortalOnce(env, entry, options.nodeArgs ?? []);
    } catch (error) {
      if (env.PORT !== undefined || attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPortalOnce(env: Record<string, string | undefined>, entry: 'main' | 'worker', extraNodeArgs: readonly string[]): Promise<PortalProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  // A known port, so the links the portal mails and its sign-in callbacks point at it.
  const port = env.PORT ?? String(await freePort());
  let output = '';
  // PORTAL_NODE_ARGS: Node flags for the portals a test or benchmark starts (profiling: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = [...(process.env.PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...extraNodeArgs];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry === 'worker' ? 'dist/server/worker.js' : 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // A developer's .env is for their own portal, not the test's.
      ENV_FILE: '',
      // Required with DATABASE_URL; the embedded default makes its own key file in DATA_DIR.
      ENCRYPTION_KEY: env.DATABASE_URL ? TEST_ENCRYPTION_KEY : '',
      ENCRYPTION_KEYS_OLD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start in time:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = entry === 'worker' ? output.match(/Worker running/) : output.match(/running at (http:\/\/(?:localhost|127\.0\.0\.1):\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]?.replace('localhost', '127.0.0.1') ?? '');
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        });
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
