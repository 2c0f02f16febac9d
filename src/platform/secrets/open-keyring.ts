import type { PlatformConfig } from '../config/config.js';
import { readKeyFileIfPresent, readOrCreateKeyFile } from './embedded-key-file.js';
import { encryptionKey } from './key-material.js';
import { keyring, type Keyring } from './keyring.js';

export type OpenedKeyring = { readonly keyring: Keyring; readonly keyFile: string | null; readonly createdKeyFile: boolean };

export type KeySettings = Pick<PlatformConfig, 'encryption' | 'databaseUrl' | 'dataDir'>;

/**
 * The keys the stored secrets are encrypted under. ENCRYPTION_KEY when set (required with
 * DATABASE_URL, which the config checks); otherwise, on the embedded default, the key file
 * in DATA_DIR, made on the first start. A key file left beside a configured ENCRYPTION_KEY
 * still decrypts, so `npm run secrets:rotate` can move its values to the new key.
 */
export function openKeyring(config: KeySettings): OpenedKeyring {
  const older = config.encryption.oldKeys.map(encryptionKey);
  if (config.encryption.key) {
    const fileKey = config.databaseUrl ? null : readKeyFileIfPresent(config.dataDir);
    const current = encryptionKey(config.encryption.key);
    return { keyring: keyring(current, fileKey ? [...older, encryptionKey(fileKey)] : older), keyFile: null, createdKeyFile: false };
  }
  if (config.databaseUrl) throw new Error('ENCRYPTION_KEY: required with DATABASE_URL (the scaled deployment)');
  const file = readOrCreateKeyFile(config.dataDir);
  return { keyring: keyring(encryptionKey(file.key), older), keyFile: file.path, createdKeyFile: file.created };
}
