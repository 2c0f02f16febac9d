import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { KEY_FILE_NAME, readOrCreateKeyFile } from './embedded-key-file.js';
import { encryptionKey } from './key-material.js';
import { openKeyring } from './open-keyring.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keyfile-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded default's key file", () => {
  it('is made on the first start with mode 0600, and reused after', () => {
    const dataDir = tempDir();
    const first = readOrCreateKeyFile(dataDir);
    expect(first.created).toBe(true);
    expect(first.path).toBe(path.join(dataDir, KEY_FILE_NAME));
    expect(fs.statSync(first.path).mode & 0o777).toBe(0o600);
    expect(first.key).toHaveLength(32);
    const second = readOrCreateKeyFile(dataDir);
    expect(second.created).toBe(false);
    expect(second.key).toEqual(first.key);
  });

  it('is refused when damaged, rather than replaced (the stored secrets need it)', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, KEY_FILE_NAME), 'not a key\n');
    expect(() => readOrCreateKeyFile(dataDir)).toThrow(/encryption\.key: expected a 32-byte key[\s\S]*restore it from a backup/);
  });

  it('is what openKeyring uses without ENCRYPTION_KEY; with one, the file key only decrypts', () => {
    const dataDir = tempDir();
    const embedded = openKeyring({ dataDir, databaseUrl: undefined, encryption: { key: undefined, oldKeys: [] } });
    expect(embedded.createdKeyFile).toBe(true);
    const fileKeyId = embedded.keyring.current.id;
    const configured = Buffer.alloc(32, 9);
    const withKey = openKeyring({ dataDir, databaseUrl: undefined, encryption: { key: configured, oldKeys: [] } });
    expect(withKey.keyring.current.id).toBe(encryptionKey(configured).id);
    expect(withKey.keyring.find(fileKeyId)).toBeDefined();
  });

  it('is never made for the scaled deployment, which needs ENCRYPTION_KEY', () => {
    const dataDir = tempDir();
    expect(() => openKeyring({ dataDir, databaseUrl: 'postgres://db/portal', encryption: { key: undefined, oldKeys: [] } })).toThrow(
      /ENCRYPTION_KEY: required with DATABASE_URL/,
    );
    expect(fs.existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
    const scaled = openKeyring({ dataDir, databaseUrl: 'postgres://db/portal', encryption: { key: Buffer.alloc(32, 1), oldKeys: [Buffer.alloc(32, 2)] } });
    expect(scaled.keyring.ids).toHaveLength(2);
    expect(scaled.keyFile).toBeNull();
  });
});
