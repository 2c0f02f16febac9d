import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const redisServerAvailable = () => spawnSync('redis-server', ['--version']).status === 0;

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

/** A throwaway redis-server on loopback that a test may stop and start again. */
export class RedisProcess {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await canConnect(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
