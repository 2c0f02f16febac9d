// Rebuilds the audit-log read model from 200,000 stored events and prints events/s.
import { auditLogProjection } from '../../projections/audit/audit-log/audit-log.projection.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { SubscriptionRunner } from '../../src/platform/projections/subscription-runner.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const STREAMS = 2_000;
// What `npm run projections:rebuild` reads at a time (src/cli/rebuild-projections.ts).
const BATCH = Number(process.env.BENCH_BATCH ?? 5_000);

const db = await openBenchDatabase();
const pool = createPool(db.url, 8);
// Statements sent during the rebuild, through the pool and through its clients (transactions).
let statements = 0;
let counting = false;
const countQueries = <T extends { query: (...args: never[]) => unknown }>(target: T) => {
  const query = target.query.bind(target);
  target.query = ((...args: never[]) => {
    if (counting) statements++;
    return query(...args);
  }) as T['query'];
};
countQueries(pool);
pool.on('connect', (client) => countQueries(client));
let rate = 0;
let referenceRate = 0;
try {
  // Seeded in one statement: this measures the rebuild, not the appends.
  await pool.query(
    `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data, metadata)
     SELECT 'wallet-' || (g % $2), g / $2 + 1, gen_random_uuid(), 'FundsDeposited',
            jsonb_build_object('amountCents', 500 + g % 10000, 'idempotencyKey', md5(g::text)),
            jsonb_build_object('occurredAt', now(), 'actor', jsonb_build_object('type', 'user', 'id', 'user-' || (g % $2)),
                               'correlationId', gen_random_uuid(), 'causationId', null)
       FROM generate_series(0, $1 - 1) g`,
    [EVENTS, STREAMS],
  );
  const runner = new SubscriptionRunner(new PostgresEventStore(pool), pool, [auditLogProjection], { batchSize: BATCH });
  console.log(`projection-rebuild on ${db.label}: ${fmt(EVENTS)} events into the audit-log read model, batches of ${fmt(BATCH)}`);
  const started = performance.now();
  counting = true;
  const processed = await runner.rebuild('audit-log');
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  const batches = Math.ceil(EVENTS / BATCH);
  console.log(
    `${fmt(statements)} statements in ${fmt(batches)} batches: ${(statements / batches).toFixed(1)} per batch (read, begin, checkpoint, insert, commit; the indexes built at the end)`,
  );
  const { rows } = await pool.query<{ n: bigint }>('SELECT count(*) AS n FROM rm_audit_log');
  if (processed !== EVENTS || Number(rows[0]!.n) !== EVENTS) throw new Error(`rebuilt ${processed} events into ${rows[0]!.n} rows, expected ${EVENTS}`);
  rate = processed / seconds;
  console.log(`rebuilt in ${seconds.toFixed(2)} s: ${fmt(Math.round(rate))} events/s`);
  // Reference on the same engine in this run: plain SQL copying the same events' fields into a
  // table in one statement (no reading in batches, no checkpoints, no projection code).
  const referenceStarted = performance.now();
  await pool.query(
    `CREATE TABLE bench_reference AS
       SELECT global_position, event_id, event_type, stream_id, stream_version, data,
              metadata->'actor'->>'type' AS actor_type, metadata->'actor'->>'id' AS actor_id,
              metadata->>'correlationId' AS correlation_id, (metadata->>'occurredAt')::timestamptz AS occurred_at
         FROM es_events ORDER BY transaction_id, global_position`,
  );
  referenceRate = EVENTS / ((performance.now() - referenceStarted) / 1000);
  console.log(`reference: plain SQL copy of the same events ${fmt(Math.round(referenceRate))} events/s`);
} finally {
  await pool.end();
  await db.drop();
}
console.log(`ratio ${(rate / referenceRate).toFixed(2)}`);
