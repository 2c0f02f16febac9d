import { spawnSync } from 'node:child_process';

/** How to get each outside tool a benchmark runs, on this machine's kind (Debian 12). */
const INSTALL: Record<string, string> = {
  wrk: 'apt-get update && apt-get install -y wrk',
  pgbench: 'apt-get update && apt-get install -y postgresql-client (pgbench comes with it)',
};

/** Stops the benchmark with how to get `tool` when it is not installed (rather than a stack trace halfway). */
export function requireTool(tool: keyof typeof INSTALL & string, benchmark: string): void {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return;
  console.error(`${benchmark} needs ${tool}, which is not installed. Get it with: ${INSTALL[tool]}`);
  process.exit(2);
}
