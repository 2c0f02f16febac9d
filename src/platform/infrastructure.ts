import { Logger } from '@nestjs/common';
import type pg from 'pg';

import type { PlatformConfig } from './config/config.js';
import type { EventStore } from './event-store/event-store.port.js';
import { PostgresEventStore } from './event-store/postgres-event-store.js';
import type { LazyMigration } from './module-registration.js';
import { startOpeningDatabase, type DatabaseHandle, type OpeningDatabase } from './persistence/database.js';
import { describeMigrations, migrateDatabase } from './persistence/orm.js';
import { createPool } from './persistence/sql.js';

export type Infrastructure = {
  readonly database: DatabaseHandle;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  close(): Promise<void>;
};

/** The performance measure of opening and migrating the database at start. */
export const DATABASE_START_MEASURE = 'start:database';

/** Told which migrations a start applied; by default a log line. */
export type MigrationReport = (line: string) => void;
const logMigrations: MigrationReport = (line) => new Logger('migrations').log(line);

/** The configured database (embedded or PostgreSQL), opened (or its opening awaited) and brought up to the newest of `migrations`. */
export async function openMigratedDatabase(
  config: PlatformConfig,
  migrations: readonly LazyMigration[],
  report: MigrationReport = logMigrations,
  opening: OpeningDatabase = startOpeningDatabase(config),
): Promise<DatabaseHandle> {
  const database = await opening.database;
  report(describeMigrations(await migrateDatabase(database.url, migrations), migrations.length));
  // Start-up reports where its time went (src/main.ts).
  performance.measure(DATABASE_START_MEASURE, { start: opening.startedAt, end: performance.now() });
  return database;
}

/**
 * EventStoreDB when EVENTSTORE_URL is set, the PostgreSQL event store on `pool` otherwise.
 * On a shared PostgreSQL (DATABASE_URL) it hears every process's appends; the embedded
 * database serves one process, whose own appends it always hears.
 */
export async function createEventStore(config: PlatformConfig, pool: pg.Pool): Promise<EventStore> {
  if (config.eventStoreUrl) {
    // Its gRPC client is loaded only by a deployment that uses it.
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store.js');
    return new EventStoreDbEventStore(config.eventStoreUrl);
  }
  return new PostgresEventStore(pool, { sharedDatabaseUrl: config.databaseUrl });
}

/** The database (migrated), the SQL pool and the event store, for processes outside Nest (CLI, benchmarks). */
export async function openInfrastructure(config: PlatformConfig, migrations: readonly LazyMigration[], report?: MigrationReport): Promise<Infrastructure> {
  const database = await openMigratedDatabase(config, migrations, report);
  const pool = createPool(database.url, config.databasePoolSize);
  const store = await createEventStore(config, pool);
  return {
    database,
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
      await database.close();
    },
  };
}
