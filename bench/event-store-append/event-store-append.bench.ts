// Appends per second through the event-store port at 1, 8 and 32 concurrent writers,
// single events and 10-event batches, beside raw single-row INSERTs into a table of the
// same shape, measured in the same run on the same database.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,8,32').split(',').map(Number);
const payload = { amountCents: 2_500, method: 'card', note: 'benchmark deposit' };
const ctx = systemContext('bench');

type Row = { raw: number; single: number; batched: number };

async function measure(writers: number, work: (writer: number) => Promise<number>): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < deadline) {
        // Not `done += await work(w)`: that reads `done` before awaiting and loses other writers' counts.
        const appended = await work(w);
        done += appended;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function appender(store: PostgresEventStore, batchSize: number) {
  const streams = new Map<number, { id: string; version: bigint }>();
  return async (writer: number) => {
    const stream = streams.get(writer) ?? { id: `bench-${randomUUID()}`, version: 0n };
    const events = Array.from({ length: batchSize }, () => newEvent('FundsDeposited', payload, ctx));
    const result = await store.append(stream.id, events, { expectedVersion: stream.version === 0n ? 'no_stream' : stream.version });
    streams.set(writer, { id: stream.id, version: result.nextExpectedVersion });
    return batchSize;
  };
}

function rawInserter(pool: pg.Pool) {
  return async (writer: number) => {
    await pool.query(`INSERT INTO raw_events (stream_id, stream_version, event_id, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`, [
      `raw-${writer}-${randomUUID()}`,
      1,
      randomUUID(),
      'FundsDeposited',
      JSON.stringify(payload),
      JSON.stringify(ctx),
    ]);
    return 1;
  };
}

async function run(): Promise<Map<number, Row>> {
  const db = await openBenchDatabase();
  const pool = createPool(db.url, 40);
  // As the portal runs on PostgreSQL: appends are announced to the other processes.
  const store = new PostgresEventStore(pool, { sharedDatabaseUrl: process.env.DATABASE_URL ? db.url : undefined });
  try {
    // Same columns, identity, defaults (the writing transaction id), constraints and indexes.
    await pool.query('CREATE TABLE raw_events (LIKE es_events INCLUDING ALL)');
    console.log(`event-store-append on ${db.label}, ${SECONDS} s per measurement\n`);
    console.log('writers | raw INSERT rows/s | port single events/s | port 10-event batches events/s');
    const results = new Map<number, Row>();
    for (const writers of WRITERS) {
      const row = {
        raw: await measure(writers, rawInserter(pool)),
        single: await measure(writers, appender(store, 1)),
        batched: await measure(writers, appender(store, 10)),
      };
      results.set(writers, row);
      console.log(`${String(writers).padStart(7)} | ${fmt(row.raw).padStart(17)} | ${fmt(row.single).padStart(20)} | ${fmt(row.batched).padStart(30)}`);
    }
    return results;
  } finally {
    await store.close();
    await pool.end();
    await db.drop();
  }
}

const results = await run();
const at8 = results.get(8);
if (at8) {
  console.log(`\nreference: raw single-row INSERT at 8 writers = ${fmt(at8.raw)} rows/s`);
  console.log(`batched events/s at 8 writers / raw inserts = ${(at8.batched / at8.raw).toFixed(2)} (target >= 2)`);
  console.log(`single appends at 8 writers / raw inserts (target >= 0.5):`);
  console.log(`ratio ${(at8.single / at8.raw).toFixed(2)}`);
}
