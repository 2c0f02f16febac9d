import path from 'node:path';
import { Global, Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';

import { RolesGuard } from './auth/roles.guard.js';
import { SessionGuard } from './auth/session.guard.js';
import type { PlatformConfig } from './config/config.js';
import type { EventStore } from './event-store/event-store.port.js';
import { OutboxRelay } from './event-store/outbox.js';
import { DiskFileStorage } from './files/disk-file-storage.js';
import type { FileStorageSettings } from './files/files.config.js';
import { S3FileStorage } from './files/s3-file-storage.js';
import { createEventStore, openMigratedDatabase } from './infrastructure.js';
import { eventJobDispatcher, type JobTrigger } from './jobs/event-job-dispatcher.js';
import type { JobQueue } from './jobs/job-queue.port.js';
import { PostgresJobQueue } from './jobs/postgres-job-queue.js';
import { Mailer, registerMailJob } from './mail/mailer.js';
import type { LazyMigration } from './module-registration.js';
import { OutboundHttp } from './outbound/outbound-http.js';
import type { DatabaseHandle, OpeningDatabase } from './persistence/database.js';
import { createPool } from './persistence/sql.js';
import type { Projection } from './projections/projection.js';
import { SubscriptionRunner } from './projections/subscription-runner.js';
import { PostgresRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.js';
import { InProcessRealtimeHub, RedisRealtimeHub, type RealtimeHub } from './realtime/realtime-hub.js';
import { openRedis } from './redis/redis-connection.js';
import { openKeyring } from './secrets/open-keyring.js';
import { SecretCipher } from './secrets/secret-cipher.js';
import {
  CONFIG,
  DATABASE,
  EVENT_STORE,
  FILE_STORAGE,
  JOB_QUEUE,
  JOB_TRIGGERS,
  MAILER,
  OUTBOUND_HTTP,
  OUTBOX_RELAY,
  PROJECTIONS,
  RATE_LIMITER,
  REALTIME_HUB,
  SECRET_CIPHER,
  SQL_POOL,
  SUBSCRIPTION_RUNNER,
} from './tokens.js';

/** What the app's modules give the platform to run: their read models and the events that start their jobs. */
export type PlatformRegistrations = {
  readonly projections: readonly Projection[];
  readonly jobTriggers: readonly JobTrigger[];
  /** The database when src/main.ts began opening it while the code loaded; opened here otherwise. */
  readonly openingDatabase?: OpeningDatabase;
  /** Every migration of the platform and the modules, in order (src/modules.ts). */
  readonly migrations: readonly LazyMigration[];
};

/**
 * Starts projections, the job dispatcher and job workers when this process runs them, and stops
 * everything in order. The app's root module starts them (startBackgroundWork) after every other
 * module's start-up hook has run.
 */
@Injectable()
export class PlatformLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('platform');

  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SUBSCRIPTION_RUNNER) private readonly runner: SubscriptionRunner,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
    @Inject(OUTBOX_RELAY) private readonly outbox: OutboxRelay,
    @Inject(RATE_LIMITER) private readonly rateLimiter: RateLimiter & { close?: () => void },
  ) {}

  async startBackgroundWork(): Promise<void> {
    if (!this.config.runWorkers) return;
    this.outbox.start();
    await this.runner.start();
    await this.jobs.startWorkers(this.config.jobConcurrency);
    this.logger.log(`subscribers running: ${this.runner.names.join(', ')}; jobs on ${this.jobs.kind}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.outbox.stop();
    await this.runner.stop();
    await this.jobs.close();
    this.mailer.close();
    await this.realtime.close();
    this.rateLimiter.close?.();
    await this.store.close();
    await this.pool.end();
    await this.database.close();
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: PlatformConfig & Partial<FileStorageSettings>, registrations: PlatformRegistrations): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: JOB_TRIGGERS, useValue: registrations.jobTriggers },
        {
          provide: SECRET_CIPHER,
          useFactory: () => {
            const opened = openKeyring(config);
            if (opened.createdKeyFile)
              new Logger('secrets').log(`made the encryption key of stored credentials: ${opened.keyFile} (mode 0600; back it up with the data folder)`);
            return new SecretCipher(opened.keyring);
          },
        },
        { provide: OUTBOUND_HTTP, useFactory: () => new OutboundHttp({ allow: config.outbound.allow, timeoutMs: config.outbound.timeoutMs }) },
        { provide: PROJECTIONS, useValue: registrations.projections },
        // Migrated before anything can query it (MikroORM's migrator, under an advisory lock).
        { provide: DATABASE, useFactory: () => openMigratedDatabase(config, registrations.migrations, undefined, registrations.openingDatabase) },
        { provide: SQL_POOL, inject: [DATABASE], useFactory: (database: DatabaseHandle) => createPool(database.url, config.databasePoolSize) },
        { provide: EVENT_STORE, inject: [SQL_POOL], useFactory: (pool: pg.Pool): Promise<EventStore> => createEventStore(config, pool) },
        {
          provide: JOB_QUEUE,
          inject: [SQL_POOL],
          useFactory: async (pool: pg.Pool): Promise<JobQueue> => {
            if (!config.redisUrl) return new PostgresJobQueue(pool);
            // BullMQ is loaded only by a deployment that uses it.
            const { BullmqJobQueue } = await import('./jobs/bullmq-job-queue.js');
            return new BullmqJobQueue(config.redisUrl, config.redisPrefix);
          },
        },
        {
          provide: OUTBOX_RELAY,
          inject: [SQL_POOL, EVENT_STORE],
          useFactory: (pool: pg.Pool, store: EventStore) => {
            const logger = new Logger('outbox');
            return new OutboxRelay(pool, store, { onError: (error) => logger.warn({ err: error }, 'outbox relay failed; retrying') });
          },
        },
        {
          provide: RATE_LIMITER,
          inject: [SQL_POOL],
          useFactory: (pool: pg.Pool): RateLimiter => {
            if (!config.redisUrl) return new PostgresRateLimiter(pool);
            const redis = openRedis(config.redisUrl, 'command');
            return Object.assign(new RedisRateLimiter(redis, config.redisPrefix), { close: () => redis.disconnect() });
          },
        },
        // Uploaded files: in the object store when one is configured (processes on several machines), else under DATA_DIR.
        {
          provide: FILE_STORAGE,
          useFactory: () => (config.fileStorage?.s3 ? new S3FileStorage(config.fileStorage.s3) : new DiskFileStorage(path.join(config.dataDir, 'files'))),
        },
        SessionGuard,
        RolesGuard,
        {
          provide: MAILER,
          inject: [SQL_POOL, JOB_QUEUE],
          useFactory: (pool: pg.Pool, jobs: JobQueue) => {
            const mailer = new Mailer(pool, config.mailFrom, config.smtpUrl);
            registerMailJob(jobs, mailer);
            return mailer;
          },
        },
        {
          provide: REALTIME_HUB,
          useFactory: (): RealtimeHub => (config.redisUrl ? new RedisRealtimeHub(config.redisUrl, config.redisPrefix) : new InProcessRealtimeHub()),
        },
        {
          provide: SUBSCRIPTION_RUNNER,
          inject: [EVENT_STORE, SQL_POOL, JOB_QUEUE, PROJECTIONS, JOB_TRIGGERS, REALTIME_HUB],
          useFactory: (
            store: EventStore,
            pool: pg.Pool,
            jobs: JobQueue,
            projections: readonly Projection[],
            jobTriggers: readonly JobTrigger[],
            realtime: RealtimeHub,
          ) => {
            const logger = new Logger('subscriptions');
            return new SubscriptionRunner(store, pool, [...projections, eventJobDispatcher(jobs, jobTriggers)], {
              onChanges: (changes) => realtime.publish(changes),
              onError: (name, error) => logger.warn({ err: error, subscriber: name }, `${name} failed; retrying`),
            });
          },
        },
        PlatformLifecycle,
      ],
      exports: [
        SECRET_CIPHER,
        OUTBOUND_HTTP,
        CONFIG,
        DATABASE,
        SQL_POOL,
        EVENT_STORE,
        FILE_STORAGE,
        JOB_QUEUE,
        SUBSCRIPTION_RUNNER,
        PROJECTIONS,
        MAILER,
        REALTIME_HUB,
        SessionGuard,
        RolesGuard,
        OUTBOX_RELAY,
        RATE_LIMITER,
        PlatformLifecycle,
      ],
    };
  }
}
