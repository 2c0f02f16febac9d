// Lead deliveries per second through the whole path: stored LeadSold events → the checkpointed
// dispatcher → the planning job (which sends the first attempts) → a signed HTTP request to a
// local receiver → the delivery log; beside the queue's trivial-job rate on the same Redis
// (BullMQ) in the same run.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { leadsProjection } from '../../projections/marketplace/leads/leads.projection.js';
import { deliveryTriggers, registerDeliveryJobs } from '../../src/modules/integrations/delivery/delivery.jobs.js';
import { newWebhookSecret } from '../../src/modules/integrations/delivery/standard-webhooks.js';
import { INTEGRATION_SECRETS } from '../../src/modules/integrations/integrations.secrets.js';
import { OnlySalesLeadSender } from '../../src/modules/integrations/providers/onlysales/onlysales-sender.js';
import { leadStream } from '../../src/modules/marketplace/contracts/lead-events.js';
import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { BullmqJobQueue } from '../../src/platform/jobs/bullmq-job-queue.js';
import { eventJobDispatcher } from '../../src/platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port.js';
import { PostgresJobQueue } from '../../src/platform/jobs/postgres-job-queue.js';
import { parseOutboundAllow } from '../../src/platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../src/platform/outbound/outbound-http.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { SubscriptionRunner } from '../../src/platform/projections/subscription-runner.js';
import { InProcessRealtimeHub } from '../../src/platform/realtime/realtime-hub.js';
import { encryptionKey } from '../../src/platform/secrets/key-material.js';
import { keyring } from '../../src/platform/secrets/keyring.js';
import { SecretCipher } from '../../src/platform/secrets/secret-cipher.js';
import { secretContext } from '../../src/platform/secrets/secret-columns.js';
import { leadDeliveries } from '../../test/support/lead-deliveries.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const AGENTS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const redisUrl = process.env.REDIS_URL;

const queueOf = (pool: SqlPool, label: string): JobQueue =>
  redisUrl ? new BullmqJobQueue(redisUrl, `bench-delivery-${label}`) : new PostgresJobQueue(pool, `bench-delivery-${label}`, 20);

/**
 * The outside endpoint, in a process of its own as a CRM would be: answers 200 at once and
 * counts what it got (checking the signature is the receiver's work, not the path's).
 */
async function startReceiver() {
  const child = fork(path.join(import.meta.dirname, 'receiver.mjs'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
  });
  const received = async () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { received: number }).received));
      child.send('count');
    });
  return { url: `http://127.0.0.1:${port}/hook`, received, close: async () => void child.kill() };
}

/** The queue's own rate: trivial jobs enqueued and run with the same workers. */
async function trivialRate(queue: JobQueue): Promise<number> {
  let done = 0;
  queue.register('bench-trivial', async () => {
    done++;
  });
  await queue.startWorkers(WORKERS);
  const started = performance.now();
  for (let i = 0; i < DELIVERIES; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, DELIVERIES - i) }, (_, j) => queue.enqueue('bench-trivial', { n: i + j }, { jobId: `trivial-${randomUUID()}` })),
    );
  }
  while (done < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 5));
  const rate = DELIVERIES / ((performance.now() - started) / 1000);
  await queue.close();
  return rate;
}

/** Deliveries per second through the whole path, on this queue driver. */
async function deliveryRate(pool: SqlPool, queue: JobQueue, receiverUrl: string, label: string): Promise<number> {
  const store = new PostgresEventStore(pool);
  const cipher = new SecretCipher(keyring(encryptionKey(Buffer.alloc(32, 7))));
  const outbound = new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 15_000 });
  const deliveries = leadDeliveries(pool, queue, cipher, new InProcessRealtimeHub(), new Map([['onlysales', new OnlySalesLeadSender(outbound)]]), {
    retryDelaysMs: [0, 5_000, 300_000],
    disableAfterMs: 86_400_000,
    publicUrl: 'http://portal.bench',
    timeZone: 'America/New_York',
  });
  const agents = Array.from({ length: AGENTS }, () => randomUUID());
  for (const userId of agents) {
    const integrationId = randomUUID();
    await pool.query(
      `INSERT INTO integration_configs (integration_id, user_id, provider, is_active, settings, connected_at) VALUES ($1, $2, 'onlysales', true, $3, now())`,
      [integrationId, userId, JSON.stringify({ webhookUrl: receiverUrl })],
    );
    for (const [name, value] of [
      ['apiKey', `key_${randomUUID()}`],
      ['signingSecret', newWebhookSecret()],
    ] as const) {
      await pool.query('INSERT INTO integration_secrets (integration_id, name, value, last4) VALUES ($1, $2, $3, $4)', [
        integrationId,
        name,
        cipher.encrypt(value, secretContext(INTEGRATION_SECRETS, [integrationId, name])),
        value.slice(-4),
      ]);
    }
  }
  // The leads arrive before the clock starts: what is timed is their sale and delivery.
  const leadIds = Array.from({ length: DELIVERIES }, () => randomUUID());
  for (let i = 0; i < leadIds.length; i += 100) {
    await Promise.all(
      leadIds.slice(i, i + 100).map((leadId, j) => {
        const data = {
          leadId,
          vendorId: randomUUID(),
          externalId: null,
          duplicateOf: null,
          firstName: 'Ana',
          lastName: `Bench ${i + j}`,
          phone: `+1305${String(5_000_000 + i + j).padStart(7, '0')}`,
          email: null,
          state: 'FL',
          zip: '33101',
          dateOfBirth: null,
          age: 64,
          source: 'data_leads',
          tier: 'premium',
          consent: { text: 'yes', at: new Date().toISOString() },
        };
        return store.append(leadStream(leadId), [newEvent('LeadReceived', data, systemContext('bench'))], { expectedVersion: 'no_stream' });
      }),
    );
  }
  const projector = new SubscriptionRunner(store, pool, [{ ...leadsProjection, name: `leads-${label}` }], { batchSize: 500, pollIntervalMs: 20 });
  await projector.start();
  for (;;) {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_leads WHERE lead_id = ANY($1::uuid[])', [leadIds]);
    if (rows[0]!.n === DELIVERIES) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The leads read model has them: its projection is not part of the timed path.
  await projector.stop();
  const head = await store.headPosition();
  const dispatcherName = `dispatch-${label}`;
  await pool.query(`INSERT INTO es_checkpoints (subscriber, commit_position, prepare_position) VALUES ($1, $2, $3)`, [
    dispatcherName,
    head.commit.toString(),
    head.prepare.toString(),
  ]);
  registerDeliveryJobs(queue, deliveries.commands);
  await queue.startWorkers(WORKERS);
  // The sales are stored before the clock starts, as the allocation stores them (one event per
  // lead's stream); their append is the event store's figure (event-store-append, lead-intake).
  const appending = performance.now();
  for (let i = 0; i < leadIds.length; i += 50) {
    await Promise.all(
      leadIds.slice(i, i + 50).map((leadId, j) =>
        store.append(
          leadStream(leadId),
          [
            newEvent(
              'LeadSold',
              { leadId, campaignId: randomUUID(), ownerId: agents[(i + j) % AGENTS]!, priceCents: 2_500, at: new Date().toISOString() },
              systemContext('bench'),
            ),
          ],
          {
            expectedVersion: 1n,
          },
        ),
      ),
    );
  }
  const appended = performance.now() - appending;
  const dispatcher = new SubscriptionRunner(store, pool, [{ ...eventJobDispatcher(queue, deliveryTriggers), name: dispatcherName }], {
    batchSize: 500,
    pollIntervalMs: 20,
  });
  const started = performance.now();
  await dispatcher.start();
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lead_deliveries WHERE status = 'succeeded' AND lead_id = ANY($1::uuid[])`,
      [leadIds],
    );
    if (rows[0]!.n === DELIVERIES) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const rate = DELIVERIES / ((performance.now() - started) / 1000);
  console.log(
    `  ${label}: the sales were stored in ${fmt(appended)} ms beforehand; from the dispatcher's start, the last was delivered ${fmt(performance.now() - started)} ms later`,
  );
  const { rows: check } = await pool.query<{ deliveries: number; attempts: number }>(
    `SELECT count(DISTINCT d.delivery_id)::int AS deliveries, count(a.*)::int AS attempts FROM lead_deliveries d JOIN delivery_attempts a USING (delivery_id) WHERE d.lead_id = ANY($1::uuid[])`,
    [leadIds],
  );
  console.log(`  ${label}: ${fmt(rate)} deliveries/s; ${fmt(check[0]!.deliveries)} deliveries, ${fmt(check[0]!.attempts)} attempts logged`);
  await dispatcher.stop();
  await queue.close();
  return rate;
}

const db = await openBenchDatabase();
const pool = createPool(db.url, 40);
const receiver = await startReceiver();
let reference = 0;
let measured = 0;
try {
  console.log(
    `lead-delivery on ${db.label}, ${redisUrl ? 'BullMQ (REDIS_URL)' : 'the job table (no REDIS_URL; the target is for BullMQ)'}: ${fmt(DELIVERIES)} leads sold to ${AGENTS} agents, one OnlySales webhook each, ${WORKERS} workers`,
  );
  // Rounds in turn, so load from elsewhere on the machine weighs on both figures alike; medians compared.
  const references: number[] = [];
  const measures: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    references.push(await trivialRate(queueOf(pool, `trivial-${randomUUID().slice(0, 6)}`)));
    console.log(`round ${round}: trivial jobs on the same queue ${fmt(references.at(-1)!)} jobs/s`);
    measures.push(await deliveryRate(pool, queueOf(pool, `path-${randomUUID().slice(0, 6)}`), receiver.url, `round ${round}: delivered`));
  }
  reference = median(references);
  measured = median(measures);
  console.log(`reference: trivial jobs on the same queue, median ${fmt(reference)} jobs/s`);
  if (redisUrl)
    await deliveryRate(
      pool,
      new PostgresJobQueue(pool, `bench-delivery-table-${randomUUID().slice(0, 6)}`, 20),
      receiver.url,
      'job-table driver (embedded default), for comparison',
    );
  console.log(
    `deliveries, median ${fmt(measured)}/s, each a signed request answered 200 and logged (target >= 0.3 x reference); the receiver got ${fmt(await receiver.received())} requests`,
  );
} finally {
  await receiver.close();
  await pool.end();
  await db.drop();
}
console.log(`ratio ${(measured / reference).toFixed(2)}`);
