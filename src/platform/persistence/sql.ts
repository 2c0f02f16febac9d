import pg from 'pg';

// This pool reads bigint columns (global positions, cents) as exact bigints. Only this
// pool: MikroORM keeps its own parsers.
const exactTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export type SqlClient = Pick<pg.PoolClient, 'query'>;
export type SqlPool = pg.Pool;

export function createPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, types: exactTypes });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** Runs `work` in one transaction on one connection; rolls back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
