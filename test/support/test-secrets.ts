import { encryptionKey } from '../../src/platform/secrets/key-material.js';
import { keyring } from '../../src/platform/secrets/keyring.js';
import { SecretCipher } from '../../src/platform/secrets/secret-cipher.js';

/** The key every integration test encrypts stored secrets under (they share one database per run). */
export const TEST_SECRET_KEY = Buffer.alloc(32, 0x5a);

export const testSecretCipher = (): SecretCipher => new SecretCipher(keyring(encryptionKey(TEST_SECRET_KEY)));
