import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk under DATA_DIR (embedded), an S3-compatible object
 * store when several API processes on different machines must share them. Keys are made by the
 * server (`{userId}/{ticketId}/{fileId}`: ids only), never taken from a client.
 */
export type FileStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when no file has this key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; a key with no file is fine. */
  delete(key: string): Promise<void>;
};

/** A key of ids joined by '/', each of letters, digits and dashes: nothing a path could climb out with. */
const KEY = /^[A-Za-z0-9-]{1,64}(\/[A-Za-z0-9-]{1,64}){0,7}$/;

export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
