import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';

import type { FileStorage } from './file-storage.port.js';

/** What every FileStorage adapter must do; each adapter's spec runs it. */
export function fileStorageContract(storage: () => FileStorage): void {
  it('gives back the bytes stored under a key, and nothing once deleted', async () => {
    await storage().put('u1/t1/f1', Buffer.from('receipt bytes'), 'application/pdf');
    expect(await text((await storage().get('u1/t1/f1'))!)).toBe('receipt bytes');
    await storage().delete('u1/t1/f1');
    expect(await storage().get('u1/t1/f1')).toBeNull();
  });

  it('answers null for a key never stored, and deleting it is fine', async () => {
    expect(await storage().get('u1/t1/never')).toBeNull();
    await storage().delete('u1/t1/never');
  });

  it('replaces the file stored under a key', async () => {
    await storage().put('u1/t2/f1', Buffer.from('first'), 'text/plain');
    await storage().put('u1/t2/f1', Buffer.from('second'), 'text/plain');
    expect(await text((await storage().get('u1/t2/f1'))!)).toBe('second');
  });

  it('refuses keys that are not ids joined by "/"', async () => {
    for (const key of ['../etc/passwd', 'u1/../../x', '/abs', 'u1//f', 'u1/t1/receipt.pdf', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Not a storage key/);
    }
  });
}
