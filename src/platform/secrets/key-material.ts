import { createHash } from 'node:crypto';

/** One AES-256 key and the id stored beside every value encrypted under it. */
export type EncryptionKey = { readonly id: string; readonly key: Buffer };

export const KEY_BYTES = 32;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** What a key setting must look like; the message never quotes the value. */
export const KEY_FORMAT_HELP = `expected a ${KEY_BYTES}-byte key as 64 hex digits or 44 base64 characters, e.g. made with: openssl rand -base64 32`;

/**
 * A 32-byte key written as 64 hex digits or base64 (standard or URL-safe), or null when the
 * text is neither. Hex is tried first: 64 hex digits are not 32 bytes of base64.
 */
export function parseKey(text: string): Buffer | null {
  const value = text.trim();
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  if (!BASE64_KEY.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The key's id: 8 hex digits of a hash of the key, so the configuration needs no separate
 * ids and a value names the key it needs. It reveals nothing usable about a 256-bit key.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('agent-portal secret key id\0').update(key).digest('hex').slice(0, 8);
}

export function encryptionKey(key: Buffer): EncryptionKey {
  if (key.length !== KEY_BYTES) throw new Error(`An encryption key has ${KEY_BYTES} bytes, not ${key.length}`);
  return { id: keyIdOf(key), key };
}
