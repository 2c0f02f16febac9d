import type pg from 'pg';

/** Where folded states are kept beside their streams (a cache: losing one costs a replay, nothing else). */
export type SnapshotStore = {
  load<TState>(streamId: string, name: string): Promise<{ version: bigint; state: TState } | null>;
  save(streamId: string, name: string, version: bigint, state: unknown): Promise<void>;
};

/** How a command path keeps snapshots of one decider's state. */
export type SnapshotPolicy = {
  readonly store: SnapshotStore;
  /** The state's shape and fold, versioned: change it when evolve changes (e.g. 'wallet-v1'). */
  readonly name: string;
  /** A new snapshot once this many events were appended since the last one. */
  readonly every: number;
};

export class SqlSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async load<TState>(streamId: string, name: string): Promise<{ version: bigint; state: TState } | null> {
    const { rows } = await this.pool.query<{ version: string; state: TState }>(
      `SELECT version, state FROM stream_snapshots WHERE stream_id = $1 AND name = $2`,
      [streamId, name],
    );
    return rows[0] ? { version: BigInt(rows[0].version), state: rows[0].state } : null;
  }

  /** Never moves a snapshot back: a slower writer with an older version leaves the newer one. */
  async save(streamId: string, name: string, version: bigint, state: unknown): Promise<void> {
    await this.pool.query(
      `INSERT INTO stream_snapshots (stream_id, name, version, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (stream_id, name) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state, taken_at = now()
         WHERE stream_snapshots.version < EXCLUDED.version`,
      [streamId, name, version.toString(), JSON.stringify(state)],
    );
  }
}
