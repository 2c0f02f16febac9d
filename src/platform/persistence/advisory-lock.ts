import type { SqlClient } from './sql.js';

/**
 * Holds a lock on `(scope, key)` until the surrounding transaction ends, so that two
 * transactions doing the same thing for one key (e.g. one agent's adds) run one after the
 * other. The pair is hashed into the 64-bit advisory lock space; a rare hash collision only
 * makes two unrelated keys wait for each other.
 */
export async function lockKey(tx: SqlClient, scope: string, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${scope}:${key}`]);
}
