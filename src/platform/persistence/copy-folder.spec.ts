import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { copyFolder } from './copy-folder.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'copy-folder-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('copying a data folder', () => {
  it('copies every file and folder, nested, byte for byte, and leaves nothing half-written beside it', async () => {
    const from = path.join(dir, 'from');
    await fs.mkdir(path.join(from, 'base', '1'), { recursive: true });
    await fs.mkdir(path.join(from, 'pg_wal', 'archive_status'), { recursive: true });
    await fs.writeFile(path.join(from, 'PG_VERSION'), '17\n');
    const pages = Array.from({ length: 40 }, (_, i) => Buffer.alloc(8192 + i, i));
    await Promise.all(pages.map((bytes, i) => fs.writeFile(path.join(from, 'base', '1', String(1000 + i)), bytes)));

    await copyFolder(from, path.join(dir, 'to'));

    expect(await fs.readFile(path.join(dir, 'to', 'PG_VERSION'), 'utf8')).toBe('17\n');
    for (const [i, bytes] of pages.entries()) expect((await fs.readFile(path.join(dir, 'to', 'base', '1', String(1000 + i)))).equals(bytes)).toBe(true);
    expect((await fs.stat(path.join(dir, 'to', 'pg_wal', 'archive_status'))).isDirectory()).toBe(true);
    expect((await fs.readdir(dir)).sort()).toEqual(['from', 'to']);
  });

  it('replaces what an interrupted copy left, and never copies over a folder that exists', async () => {
    const from = path.join(dir, 'from');
    await fs.mkdir(from);
    await fs.writeFile(path.join(from, 'PG_VERSION'), '17\n');
    await fs.mkdir(path.join(dir, 'to.partial'));
    await fs.writeFile(path.join(dir, 'to.partial', 'stale'), 'x');
    await copyFolder(from, path.join(dir, 'to'));
    expect(await fs.readdir(path.join(dir, 'to'))).toEqual(['PG_VERSION']);

    await fs.writeFile(path.join(dir, 'to', 'kept'), 'y');
    await expect(copyFolder(from, path.join(dir, 'to'))).rejects.toThrow();
    expect(await fs.readFile(path.join(dir, 'to', 'kept'), 'utf8')).toBe('y');
  });
});
