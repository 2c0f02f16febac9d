import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { encryptionKey, keyIdOf, parseKey } from './key-material.js';
import { keyring } from './keyring.js';
import { lastFour } from './last-four.js';
import { keyIdOfSecret, SecretCipher, SecretDecryptionError } from './secret-cipher.js';

const oldKey = encryptionKey(randomBytes(32));
const newKey = encryptionKey(randomBytes(32));
const context = { purpose: 'integration_secrets.value', owner: 'integration-1/api_key' };

function decryptionError(run: () => unknown): SecretDecryptionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretDecryptionError);
    return error as SecretDecryptionError;
  }
  throw new Error('expected a SecretDecryptionError');
}

describe('SecretCipher (AES-256-GCM, a key id and AAD per value)', () => {
  const cipher = new SecretCipher(keyring(oldKey));

  it('round-trips a value, storing the key id, a fresh IV each time, and no plain text', () => {
    const stored = cipher.encrypt('sk_live_ABCDEFG1234', context);
    expect(stored).toMatch(/^v1:[0-9a-f]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(keyIdOfSecret(stored)).toBe(oldKey.id);
    expect(stored).not.toContain('sk_live');
    expect(cipher.encrypt('sk_live_ABCDEFG1234', context)).not.toBe(stored);
    expect(cipher.decrypt(stored, context)).toBe('sk_live_ABCDEFG1234');
    expect(cipher.decrypt(cipher.encrypt('', context), context)).toBe('');
    expect(cipher.decrypt(cipher.encrypt('ключ 🔑', context), context)).toBe('ключ 🔑');
  });

  it('refuses a value copied to another row or another column (wrong AAD)', () => {
    const stored = cipher.encrypt('token-of-integration-1', context);
    const otherRow = decryptionError(() => cipher.decrypt(stored, { ...context, owner: 'integration-2/api_key' }));
    expect(otherRow.problem).toBe('not_authentic');
    expect(otherRow.message).toBe(
      `The stored integration_secrets.value of integration-2/api_key failed its integrity check under key ${oldKey.id}: it was changed, or belongs to another row`,
    );
    expect(decryptionError(() => cipher.decrypt(stored, { ...context, purpose: 'demo_pay_settings.webhook_secret' })).problem).toBe('not_authentic');
  });

  it('refuses a tampered tag or ciphertext, and never says what the value was', () => {
    const stored = cipher.encrypt('token-of-integration-1', context);
    const parts = stored.split(':');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    const badTag = [...parts.slice(0, 3), flip(parts[3]!), parts[4]].join(':');
    const badText = [...parts.slice(0, 4), flip(parts[4]!)].join(':');
    for (const tampered of [badTag, badText]) {
      const error = decryptionError(() => cipher.decrypt(tampered, context));
      expect(error.problem).toBe('not_authentic');
      expect(error.message).not.toContain('token-of-integration-1');
    }
    expect(decryptionError(() => cipher.decrypt('enc_dG9rZW4=', context)).problem).toBe('malformed');
    expect(decryptionError(() => cipher.decrypt([...parts.slice(0, 3), 'AAAA', parts[4]].join(':'), context)).problem).toBe('malformed');
  });

  it('names an unknown key id and what to do about it', () => {
    const stored = new SecretCipher(keyring(newKey)).encrypt('x', context);
    const error = decryptionError(() => cipher.decrypt(stored, context));
    expect(error.problem).toBe('unknown_key');
    expect(error.keyId).toBe(newKey.id);
    expect(error.message).toBe(
      `The stored integration_secrets.value of integration-1/api_key was encrypted under key ${newKey.id}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD (known: ${oldKey.id}); add the key it was made with to ENCRYPTION_KEYS_OLD`,
    );
  });

  it('rotates: with the old key kept as an old key, old values still decrypt, and re-encryption moves them to the new key', () => {
    const before = cipher.encrypt('webhook-secret-1', context);
    const rotated = new SecretCipher(keyring(newKey, [oldKey]));
    expect(rotated.decrypt(before, context)).toBe('webhook-secret-1');
    expect(rotated.needsRotation(before)).toBe(true);
    const after = rotated.reencrypt(before, context);
    expect(keyIdOfSecret(after)).toBe(newKey.id);
    expect(rotated.needsRotation(after)).toBe(false);
    // Once the old key is dropped, only the re-encrypted value still opens.
    const newOnly = new SecretCipher(keyring(newKey));
    expect(newOnly.decrypt(after, context)).toBe('webhook-secret-1');
    expect(decryptionError(() => newOnly.decrypt(before, context)).problem).toBe('unknown_key');
    // A value stored in plain text (before encryption existed) is encrypted by rotation.
    expect(rotated.needsRotation('whsec_plain')).toBe(true);
    expect(newOnly.decrypt(rotated.reencrypt('whsec_plain', context), context)).toBe('whsec_plain');
  });
});

describe('keys and hints', () => {
  it('reads 32-byte keys as hex or base64 and nothing else', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(parseKey(` ${key.toString('base64url')}\n`)).toEqual(key);
    expect(parseKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseKey(randomBytes(31).toString('hex'))).toBeNull();
    expect(parseKey('correct horse battery staple')).toBeNull();
    expect(keyIdOf(key)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(key)).toBe(keyIdOf(Buffer.from(key)));
  });

  it('shows only the last four characters, and nothing of a short secret', () => {
    expect(lastFour('sk_live_51HxYzAbCd9876')).toBe('••••9876');
    expect(lastFour('short-pw')).toBe('••••');
    expect(lastFour(null)).toBe('••••');
  });
});
