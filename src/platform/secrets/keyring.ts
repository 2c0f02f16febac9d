import type { EncryptionKey } from './key-material.js';

/** The current key (new values, rotation) and every older key still able to decrypt. */
export type Keyring = {
  readonly current: EncryptionKey;
  find(id: string): EncryptionKey | undefined;
  readonly ids: readonly string[];
};

export function keyring(current: EncryptionKey, older: readonly EncryptionKey[] = []): Keyring {
  const byId = new Map<string, EncryptionKey>();
  for (const key of older) byId.set(key.id, key);
  byId.set(current.id, current);
  return { current, find: (id) => byId.get(id), ids: [...byId.keys()] };
}
