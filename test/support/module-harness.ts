/**
 * The commands of a module under test, wired as the portal wires them, for an integration
 * spec. Call it in a `describeOn(database, …)` block and read its fields inside the tests:
 *
 *   for (const database of everyDatabase()) {
 *     describeOn(database, `campaign funding on ${database.name}`, () => {
 *       const harness = moduleHarness(database, {
 *         providers: [WalletLedger, PlaceHoldHandler, CreateCampaignHandler, FundCampaignHandler],
 *         jobTriggers: campaignWalletTriggers,
 *         registerJobs: ({ queue, commands }) => registerCampaignWalletJobs(queue, commands),
 *       });
 *       it('…', () => harness.commands.execute(new CreateCampaign(…)));
 *     });
 *   }
 *
 * Before the first test: a pool, the event store and a job queue on the database (or on a
 * database of the suite's own, `isolated`), a Nest context with CqrsModule, the providers and
 * EVENT_STORE / SQL_POOL, the jobs registered and the queue's workers started, and a
 * subscription runner with the projections and a dispatcher of the job triggers. After the
 * last test: the runner stopped, the queue closed (its workers stopped), the context closed,
 * the pool ended.
 */
import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type InjectionToken, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { afterAll, beforeAll } from 'vitest';

import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { BullmqJobQueue } from '../../src/platform/jobs/bullmq-job-queue.js';
import { eventJobDispatcher, type JobTrigger } from '../../src/platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port.js';
import { PostgresJobQueue } from '../../src/platform/jobs/postgres-job-queue.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { SubscriptionRunner, type Subscriber } from '../../src/platform/projections/subscription-runner.js';
import { EVENT_STORE, SQL_POOL } from '../../src/platform/tokens.js';
import { isolatedDatabase, type IsolatedDatabase } from './isolated-database.js';
import { everyDatabase, testRedisPrefix, testRedisUrl, type DatabaseEngine, type TestDatabase } from './test-databases.js';

/** What the providers are given before the context starts. */
export type HarnessStorage = { readonly pool: SqlPool; readonly store: PostgresEventStore; readonly queue: JobQueue };

export type ModuleHarness = HarnessStorage & {
  readonly app: INestApplicationContext;
  readonly commands: CommandBus;
  /** The projections and the job dispatcher; there only when the harness has some. */
  readonly runner: SubscriptionRunner;
};

type Values = readonly (readonly [InjectionToken, unknown])[];

export type HarnessOptions = {
  /** Handlers and services, as in the module's `providers`. */
  readonly providers: readonly Provider[];
  /** Tokens provided by value (EVENT_STORE and SQL_POOL always are); a function when a value needs the storage. */
  readonly values?: Values | ((storage: HarnessStorage) => Values | Promise<Values>);
  /** Events that start jobs: dispatched by the runner, under a checkpoint of the suite's own. */
  readonly jobTriggers?: readonly JobTrigger[];
  /** Registers the jobs on the queue; the queue's workers start after it. */
  readonly registerJobs?: (harness: ModuleHarness) => void;
  /** Read models the runner keeps up to date beside the dispatcher. */
  readonly projections?: readonly Subscriber[];
  /** A migrated database of the suite's own (test/support/isolated-database.ts), for suites that read the whole store. */
  readonly isolated?: boolean;
  readonly poolSize?: number;
  /** The table queue on the database by default (a queue name of the suite's own). */
  readonly queue?: (pool: SqlPool) => JobQueue;
  readonly workers?: number;
  readonly pollIntervalMs?: number;
};

export function moduleHarness(database: TestDatabase, options: HarnessOptions): ModuleHarness {
  const harness = {} as { -readonly [K in keyof ModuleHarness]: ModuleHarness[K] };
  let own: IsolatedDatabase | undefined;

  beforeAll(async () => {
    own = options.isolated ? await isolatedDatabase(database) : undefined;
    harness.pool = createPool(own?.url ?? database.url, options.poolSize ?? 10);
    harness.store = new PostgresEventStore(harness.pool);
    harness.queue = options.queue?.(harness.pool) ?? new PostgresJobQueue(harness.pool, `test-${randomUUID()}`, 50);
    const values = typeof options.values === 'function' ? await options.values(harness) : (options.values ?? []);

    @Module({
      imports: [CqrsModule.forRoot()],
      providers: [
        ...options.providers,
        { provide: EVENT_STORE, useValue: harness.store },
        { provide: SQL_POOL, useValue: harness.pool },
        ...values.map(([token, value]) => ({ provide: token, useValue: value })),
      ],
    })
    class ModuleUnderTest {}
    harness.app = await NestFactory.createApplicationContext(ModuleUnderTest, { logger: false });
    await harness.app.init();
    harness.commands = harness.app.get(CommandBus);

    if (options.registerJobs) {
      options.registerJobs(harness);
      await harness.queue.startWorkers(options.workers ?? 4);
    }
    const subscribers = [...(options.projections ?? [])];
    if (options.jobTriggers) subscribers.push({ ...eventJobDispatcher(harness.queue, options.jobTriggers), name: `job-dispatcher-${randomUUID()}` });
    if (subscribers.length > 0) {
      harness.runner = new SubscriptionRunner(harness.store, harness.pool, subscribers, { pollIntervalMs: options.pollIntervalMs ?? 50 });
      await harness.runner.start();
    }
  });

  afterAll(async () => {
    await harness.runner?.stop();
    await harness.queue?.close();
    await harness.app?.close();
    await harness.pool?.end();
    await own?.close();
  });

  return harness;
}

/** A database to run a suite on, named in its title; `queue` when its jobs run on another queue than the database's table. */
export type QueueSetup = DatabaseEngine & { readonly label: string; readonly queue?: (pool: SqlPool) => JobQueue };

/**
 * Every database with its table queue, and PostgreSQL with the Redis queue (BullMQ): for a
 * process whose jobs must hold on either. The Redis setup needs DATABASE_URL and REDIS_URL.
 */
export function everyDatabaseAndQueue(redisPrefix: string): QueueSetup[] {
  const redisUrl = testRedisUrl();
  const postgres = everyDatabase().find((database) => database.name === 'postgres')!;
  return [
    ...everyDatabase().map((database) => ({ ...database, label: database.name })),
    {
      ...postgres,
      label: 'postgres + redis',
      needs: [postgres.needs, redisUrl ? undefined : 'REDIS_URL'].filter(Boolean).join(' and ') || undefined,
      queue: () => new BullmqJobQueue(redisUrl!, testRedisPrefix(redisPrefix)),
    },
  ];
}
