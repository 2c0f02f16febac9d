import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

import { migrateDatabase } from '../../src/modules.js';
import { startEmbeddedPostgres } from '../../src/platform/persistence/embedded-postgres.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';

export type BenchDatabase = { url: string; label: string; drop(): Promise<void> };

/** A fresh, migrated database: a scratch one next to DATABASE_URL, or PGlite without it. */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  let db: BenchDatabase;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'portal_bench');
    db = { url: scratch.url, label: 'PostgreSQL (DATABASE_URL)', drop: scratch.drop };
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pgdata'), { maxConnections: 100 });
    db = {
      url: embedded.url,
      label: 'PGlite (no DATABASE_URL set; the targets are for PostgreSQL)',
      drop: async () => {
        await embedded.close();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }
  await migrateDatabase(db.url);
  return db;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export type DatabaseWork = { commits: number; tuples: number };

/**
 * Committed transactions and tuples read so far on the database (all processes): work per
 * operation from the difference, independent of how loaded the machine is. PostgreSQL hears
 * from each backend at most every 500 ms, so wait that long after the work before reading.
 */
export async function databaseWork(pool: pg.Pool): Promise<DatabaseWork> {
  const { rows } = await pool.query<{ commits: string; tuples: string }>(
    `SELECT xact_commit::text AS commits, (tup_returned + tup_fetched)::text AS tuples FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { commits: Number(rows[0]!.commits), tuples: Number(rows[0]!.tuples) };
}
