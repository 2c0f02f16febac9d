// Security events per second through the whole job path (append → checkpointed dispatcher →
// job → sliding-window evaluation), beside the same path with a job that does nothing.
import { randomUUID } from 'node:crypto';

import { EvaluateSecurityEventHandler } from '../../src/modules/security/commands/evaluate-security-event/evaluate-security-event.handler.js';
import { recordSecurityEvent, type SecurityEventType } from '../../src/modules/security/contracts/security-events.js';
import {
  EVALUATE_SECURITY_EVENT,
  evaluateSecurityEventTriggers,
  registerEvaluateSecurityEventJob,
} from '../../src/modules/security/jobs/evaluate-security-event.job.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { eventJobDispatcher } from '../../src/platform/jobs/event-job-dispatcher.js';
import { PostgresJobQueue } from '../../src/platform/jobs/postgres-job-queue.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { SubscriptionRunner } from '../../src/platform/projections/subscription-runner.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const TYPES: SecurityEventType[] = ['failed_login', 'access_code_attempt', 'unauthorized_access', 'rate_limit_exceeded'];

async function runPath(pool: SqlPool, label: string, handler: 'evaluate' | 'trivial'): Promise<number> {
  const store = new PostgresEventStore(pool);
  const queue = new PostgresJobQueue(pool, `bench-${label}`, 20);
  if (handler === 'evaluate') registerEvaluateSecurityEventJob(queue, new EvaluateSecurityEventHandler(pool));
  else queue.register(EVALUATE_SECURITY_EVENT, async () => {});
  const runner = new SubscriptionRunner(store, pool, [{ ...eventJobDispatcher(queue, evaluateSecurityEventTriggers), name: `dispatch-${label}` }], {
    batchSize: 500,
    pollIntervalMs: 20,
  });
  // Start from now: earlier runs' events are not this run's.
  const head = await store.headPosition();
  await pool.query(`INSERT INTO es_checkpoints (subscriber, commit_position, prepare_position) VALUES ($1, $2, $3)`, [
    `dispatch-${label}`,
    head.commit.toString(),
    head.prepare.toString(),
  ]);
  await queue.startWorkers(4);
  await runner.start();
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, EVENTS - i) }, (_, j) =>
        recordSecurityEvent(store, TYPES[(i + j) % TYPES.length]!, { userId: `user-${(i + j) % 200}`, ip: `10.0.${(i + j) % 50}.1` }),
      ),
    );
  }
  for (;;) {
    const { rows } = await pool.query<{ done: number }>(`SELECT count(*)::int AS done FROM jobs WHERE queue = $1 AND status = 'completed'`, [`bench-${label}`]);
    if (rows[0]!.done >= EVENTS) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  await queue.close();
  return EVENTS / seconds;
}

const db = await openBenchDatabase();
const pool = createPool(db.url, 20);
let trivial = 0;
let evaluated = 0;
try {
  console.log(`security-events on ${db.label}: ${fmt(EVENTS)} events, job table driver, 4 workers`);
  trivial = await runPath(pool, `trivial-${randomUUID().slice(0, 6)}`, 'trivial');
  evaluated = await runPath(pool, `evaluate-${randomUUID().slice(0, 6)}`, 'evaluate');
  console.log(`reference: the same path with a trivial job ${fmt(trivial)} events/s`);
  console.log(`security events ingested and evaluated ${fmt(evaluated)} events/s (target >= 0.25 x reference)`);
} finally {
  await pool.end();
  await db.drop();
}
console.log(`ratio ${(evaluated / trivial).toFixed(2)}`);
