import { describe, expect, it } from 'vitest';

import { testDatabases } from '../../../test/support/test-databases.js';
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
});
