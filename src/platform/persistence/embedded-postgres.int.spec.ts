import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { testDatabases } from '../../../test/support/test-databases.js';
import { EMBEDDED_TEMPLATE_DIR } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { createPool, inTransaction } from './sql.js';

const pglite = testDatabases().find((d) => d.name === 'pglite')!;

describe('embedded PostgreSQL (PGlite on a socket)', () => {
  it('gives each of many concurrent clients the answer to its own statement', async () => {
    const pool = createPool(pglite.url, 12);
    try {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          i % 2 === 0
            ? pool.query<{ v: number }>('SELECT $1::int * 2 AS v', [i]).then((r) => r.rows[0]!.v === i * 2)
            : pool.query<{ v: string }>('SELECT upper($1::text) AS v, $2::int AS w', [`x${i}`, i]).then((r) => r.rows[0]!.v === `X${i}`),
        ),
      );
      expect(answers.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('keeps a transaction to its own connection while others wait', async () => {
    const pool = createPool(pglite.url, 6);
    try {
      await pool.query('CREATE TABLE IF NOT EXISTS embedded_tx_probe (n int)');
      await pool.query('TRUNCATE embedded_tx_probe');
      const inside = inTransaction(pool, async (tx) => {
        await tx.query('INSERT INTO embedded_tx_probe VALUES (1)');
        // Not a wait for other work: the transaction stays open a moment, so the query outside it comes meanwhile.
        await new Promise((r) => setTimeout(r, 50));
        await tx.query('INSERT INTO embedded_tx_probe VALUES (2)');
        throw new Error('roll back');
      });
      const outside = pool.query<{ c: bigint }>('SELECT count(*) AS c FROM embedded_tx_probe');
      await expect(inside).rejects.toThrow('roll back');
      expect((await outside).rows[0]!.c).toBe(0n);
      expect((await pool.query<{ c: bigint }>('SELECT count(*) AS c FROM embedded_tx_probe')).rows[0]!.c).toBe(0n);
    } finally {
      await pool.query('DROP TABLE IF EXISTS embedded_tx_probe');
      await pool.end();
    }
  });

  it('refuses a data folder its thread cannot open, with the reason, and leaves the folder unlocked', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-broken-'));
    try {
      const dataDir = path.join(dir, 'pgdata');
      await fs.mkdir(dataDir);
      await fs.writeFile(path.join(dataDir, 'PG_VERSION'), '9\n'); // a folder of another PostgreSQL
      await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow();
      await expect(fs.access(`${dataDir}.lock`)).rejects.toThrow();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('opens a fresh folder as a copy of a migrated one on its own thread, and opens it again after closing', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-fresh-'));
    try {
      const dataDir = path.join(dir, 'pgdata');
      const first = await startEmbeddedPostgres(dataDir, { templateDir: EMBEDDED_TEMPLATE_DIR });
      expect(first.freshlyCreated).toBe(true);
      const pool = createPool(first.url, 2);
      expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n).toBeGreaterThan(60);
      await pool.query('CREATE TABLE kept (n int)');
      await pool.query('INSERT INTO kept VALUES (7)');
      await pool.end();
      await first.close();
      const again = await startEmbeddedPostgres(dataDir);
      expect(again.freshlyCreated).toBe(false);
      const reopened = createPool(again.url, 2);
      expect((await reopened.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
      await reopened.end();
      await again.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
