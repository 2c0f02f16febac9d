import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { DataDirInUseError, lockDataDir } from './embedded-postgres.js';

describe('embedded data folder lock', () => {
  let dir: string;
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  it('refuses a folder another running process holds', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lock-'));
    const other = spawn('sleep', ['10']);
    try {
      await fs.writeFile(path.join(dir, 'pgdata.lock'), String(other.pid));
      await expect(lockDataDir(path.join(dir, 'pgdata.lock'))).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lock-'));
    const lockFile = path.join(dir, 'pgdata.lock');
    await fs.writeFile(lockFile, '2147483646');
    const release = await lockDataDir(lockFile);
    expect(await fs.readFile(lockFile, 'utf8')).toBe(String(process.pid));
    await release();
    await expect(fs.access(lockFile)).rejects.toThrow();
  });
});
