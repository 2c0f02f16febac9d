import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { KEY_BYTES, KEY_FORMAT_HELP, parseKey } from './key-material.js';

/** The embedded default's key, beside its database in DATA_DIR. */
export const KEY_FILE_NAME = 'encryption.key';

export type KeyFile = { readonly key: Buffer; readonly path: string; readonly created: boolean };

/**
 * The embedded default's encryption key: read from `<dataDir>/encryption.key`, or made on
 * the first start (random, base64, mode 0600: only the portal's own user may read it).
 * Created exclusively, so two processes starting at once end up with the same key.
 */
export function readOrCreateKeyFile(dataDir: string): KeyFile {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // The process umask cannot widen 0600, but a mode given to open() may be narrowed only; set it outright.
    fs.chmodSync(file, 0o600);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file}: ${KEY_FORMAT_HELP}. It holds the key of the stored secrets; restore it from a backup rather than replacing it`);
  return { key, path: file, created };
}

/** The key file's key when there is a readable one, else null (never creates it). */
export function readKeyFileIfPresent(dataDir: string): Buffer | null {
  try {
    return parseKey(fs.readFileSync(path.join(dataDir, KEY_FILE_NAME), 'utf8'));
  } catch {
    return null;
  }
}
