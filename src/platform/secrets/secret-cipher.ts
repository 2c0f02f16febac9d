import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import type { Keyring } from './keyring.js';

/**
 * What a stored secret belongs to. Both are bound to the ciphertext as AES-GCM additional
 * data, so a value copied to another row, or into another column, no longer decrypts.
 */
export type SecretContext = {
  /** What the secret is, e.g. `integration_secrets.value` or `demo_pay_settings.webhook_secret`. */
  readonly purpose: string;
  /** The row it belongs to, e.g. the integration's id. */
  readonly owner: string;
};

export type SecretDecryptionProblem = 'malformed' | 'unknown_key' | 'not_authentic';

/** A stored value that cannot be decrypted; the message names the cause, never the value. */
export class SecretDecryptionError extends Error {
  constructor(
    readonly problem: SecretDecryptionProblem,
    message: string,
    readonly keyId?: string,
  ) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

/**
 * Stored form: `v1:<keyId>:<iv>:<tag>:<ciphertext>`, the last three base64url. One text
 * column holds it; the key id says which key of the keyring decrypts it.
 */
export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(`${VERSION}:`);
}

/** The id of the key a stored value was encrypted under (undefined for anything else). */
export function keyIdOfSecret(value: string): string | undefined {
  return isEncryptedSecret(value) ? value.split(':')[1] : undefined;
}

const additionalData = (context: SecretContext): Buffer => Buffer.from(`${VERSION}\0${context.purpose}\0${context.owner}`, 'utf8');

/** AES-256-GCM under the keyring's current key, a random 12-byte IV per value. */
export class SecretCipher {
  constructor(private readonly keys: Keyring) {}

  get currentKeyId(): string {
    return this.keys.current.id;
  }

  encrypt(plaintext: string, context: SecretContext): string {
    const { id, key } = this.keys.current;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
  }

  decrypt(stored: string, context: SecretContext): string {
    const parts = stored.split(':');
    if (parts.length !== 5 || parts[0] !== VERSION) {
      throw new SecretDecryptionError(
        'malformed',
        `The stored ${context.purpose} of ${context.owner} is not an encrypted value (expected ${VERSION}:<key id>:<iv>:<tag>:<ciphertext>)`,
      );
    }
    const [, keyId, ivText, tagText, ciphertextText] = parts as [string, string, string, string, string];
    const entry = this.keys.find(keyId);
    if (!entry) {
      throw new SecretDecryptionError(
        'unknown_key',
        `The stored ${context.purpose} of ${context.owner} was encrypted under key ${keyId}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD (known: ${this.keys.ids.join(', ')}); add the key it was made with to ENCRYPTION_KEYS_OLD`,
        keyId,
      );
    }
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretDecryptionError('malformed', `The stored ${context.purpose} of ${context.owner} has a damaged IV or tag`, keyId);
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, entry.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError(
        'not_authentic',
        `The stored ${context.purpose} of ${context.owner} failed its integrity check under key ${keyId}: it was changed, or belongs to another row`,
        keyId,
      );
    }
  }

  /** True when the value is not yet under the current key (older key, or still plain text). */
  needsRotation(stored: string): boolean {
    return keyIdOfSecret(stored) !== this.keys.current.id;
  }

  /** The same secret under the current key (a fresh IV); a plain-text value is encrypted. */
  reencrypt(stored: string, context: SecretContext): string {
    const plaintext = isEncryptedSecret(stored) ? this.decrypt(stored, context) : stored;
    return this.encrypt(plaintext, context);
  }
}
