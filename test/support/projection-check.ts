import { expect } from 'vitest';

import type { EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { SqlPool } from '../../src/platform/persistence/sql.js';
import { readCheckpoint } from '../../src/platform/projections/checkpoints.js';
import type { Projection, ReadModelChange } from '../../src/platform/projections/projection.js';
import { SubscriptionRunner } from '../../src/platform/projections/subscription-runner.js';

export type ProjectionRun = { readonly live: unknown[]; readonly rebuilt: unknown[]; readonly changes: readonly ReadModelChange[] };

/**
 * How many stored events lie beyond the subscriber's checkpoint. Unlike the runner's
 * `caughtUp`, this counts events a reader may not see yet (on PostgreSQL a transaction open
 * anywhere on the server holds readers back), so 0 means every event has been read.
 */
export async function eventsNotRead(pool: SqlPool, subscriber: string): Promise<number> {
  const checkpoint = await readCheckpoint(pool, subscriber);
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM es_events
      WHERE transaction_id::text::numeric > $1::numeric OR (transaction_id::text::numeric = $1::numeric AND global_position > $2::numeric)`,
    [checkpoint.commit.toString(), checkpoint.prepare.toString()],
  );
  return Number(rows[0]!.n);
}

/**
 * Runs the projection as the portal does (started, woken by appends) until it has read
 * every event in the database (one of the test's own), and reads its rows with `rowsSql`; then rebuilds it from the events and reads
 * them again. `rowsSql` must order the rows.
 */
export async function liveThenRebuilt(store: EventStore, pool: SqlPool, projection: Projection, rowsSql: string, batchSize = 3): Promise<ProjectionRun> {
  const changes: ReadModelChange[] = [];
  const runner = new SubscriptionRunner(store, pool, [projection], { batchSize, onChanges: (c) => changes.push(...c) });
  await runner.start();
  try {
    await expect.poll(() => eventsNotRead(pool, projection.name), { timeout: 60_000 }).toBe(0);
  } finally {
    await runner.stop();
  }
  const live = (await pool.query(rowsSql)).rows;
  await new SubscriptionRunner(store, pool, [projection], { batchSize: batchSize + 4 }).rebuild(projection.name);
  const rebuilt = (await pool.query(rowsSql)).rows;
  return { live, rebuilt, changes };
}
