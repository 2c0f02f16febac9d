import { START, type AllPosition } from '../event-store/event-store.port.js';
import type { SqlClient } from '../persistence/sql.js';

type CheckpointRow = { commit_position: string; prepare_position: string };

export async function ensureCheckpoint(db: SqlClient, subscriber: string | readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO es_checkpoints (subscriber, commit_position, prepare_position) SELECT unnest($1::text[]), 0, 0 ON CONFLICT (subscriber) DO NOTHING`,
    [typeof subscriber === 'string' ? [subscriber] : subscriber],
  );
}

export async function readCheckpoint(db: SqlClient, subscriber: string, forUpdate = false): Promise<AllPosition> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT commit_position, prepare_position FROM es_checkpoints WHERE subscriber = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [subscriber],
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

export async function writeCheckpoint(db: SqlClient, subscriber: string, position: AllPosition): Promise<void> {
  await db.query(`UPDATE es_checkpoints SET commit_position = $2, prepare_position = $3, updated_at = now() WHERE subscriber = $1`, [
    subscriber,
    position.commit.toString(),
    position.prepare.toString(),
  ]);
}

/**
 * Moves the checkpoint from `expected` to `next` if it still holds `expected`; false when
 * another runner moved it meanwhile. Inside a transaction the row stays locked until it ends,
 * so a second runner's move waits and then finds the checkpoint moved.
 */
export async function moveCheckpoint(db: SqlClient, subscriber: string, expected: AllPosition, next: AllPosition): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE es_checkpoints SET commit_position = $4, prepare_position = $5, updated_at = now()
      WHERE subscriber = $1 AND commit_position = $2 AND prepare_position = $3`,
    [subscriber, expected.commit.toString(), expected.prepare.toString(), next.commit.toString(), next.prepare.toString()],
  );
  return rowCount === 1;
}

export async function resetCheckpoint(db: SqlClient, subscriber: string): Promise<void> {
  await writeCheckpoint(db, subscriber, START);
}
