import pLimit from 'p-limit';
import type pg from 'pg';

import type { SqlClient } from '../persistence/sql.js';

/**
 * Drops the tables' secondary indexes (not their primary keys, unique indexes or constraints:
 * writes rely on those) and records each definition for the subscriber, in the caller's
 * transaction: a rebuild then inserts into bare tables.
 */
export async function deferIndexes(tx: SqlClient, subscriber: string, tables: readonly string[]): Promise<void> {
  const { rows } = await tx.query<{ index_name: string; definition: string }>(
    `SELECT c.relname AS index_name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[]) AND NOT i.indisunique AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { index_name, definition } of rows) {
    await tx.query(
      `INSERT INTO projection_deferred_indexes (subscriber, index_name, definition) VALUES ($1, $2, $3)
       ON CONFLICT (subscriber, index_name) DO UPDATE SET definition = EXCLUDED.definition`,
      [subscriber, index_name, definition],
    );
    await tx.query(`DROP INDEX IF EXISTS ${quoted(index_name)}`);
  }
}

/** Index builds at once: PostgreSQL builds each on its own connection, so they share the cores. */
const PARALLEL_BUILDS = 3;

/** Builds every index a rebuild deferred (of the subscribers named, or all), several at once, each then struck from the list. */
export async function buildDeferredIndexes(pool: pg.Pool, subscriber?: string | readonly string[]): Promise<number> {
  const { rows } = await pool.query<{ subscriber: string; index_name: string; definition: string }>(
    'SELECT subscriber, index_name, definition FROM projection_deferred_indexes WHERE $1::text[] IS NULL OR subscriber = ANY($1) ORDER BY subscriber, index_name',
    [typeof subscriber === 'string' ? [subscriber] : (subscriber ?? null)],
  );
  await pLimit(PARALLEL_BUILDS).map(rows, async (row) => {
    await pool.query(row.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    await pool.query('DELETE FROM projection_deferred_indexes WHERE subscriber = $1 AND index_name = $2', [row.subscriber, row.index_name]);
  });
  return rows.length;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
