import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';

import { DiskFileStorage } from './disk-file-storage.js';
import { fileStorageContract } from './file-storage.contract.js';

describe('files on the local disk', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'files-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  fileStorageContract(() => new DiskFileStorage(root));
});
